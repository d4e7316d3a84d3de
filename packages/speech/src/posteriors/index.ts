/**
 * Frame-level phone posteriors from the acoustic model's context-independent states (README,
 * "Frame-level phone posteriors"): the reading scorer's phone evidence and the delivery of
 * unscripted speech (`src/delivery/`).
 */
export { type FrameAgreement, frameAgreement, framesOf } from './aligned-frames.ts';
export { computeFeatures, type Features } from './features.ts';
export {
  type Cepstra,
  createFrontEnd,
  EN_US_FRONT_END,
  type FrontEnd,
  type FrontEndParams,
} from './frontend.ts';
export { DEBIAN_EN_US_MODEL, loadPtmModel, type PtmModel, parseFeatParams } from './model.ts';
export {
  createPosteriorComputer,
  type PhonePosteriors,
  type PosteriorComputer,
  type PosteriorOptions,
  phonePosteriors,
  sharedPosteriorComputer,
  topPhones,
} from './posteriors.ts';
export { type SenoneOptions, scoreSenones, TOP_N } from './senones.ts';
