/** The face of modules/pipeline (issue 29 item 2): what the rest of the API may use of it. */
export { createPipeline } from './pipeline.ts';
