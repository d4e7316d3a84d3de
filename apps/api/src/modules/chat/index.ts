/** The face of modules/chat (issue 29 item 2): what the rest of the API may use of it. */
export { chatRoutes } from './chat.routes.ts';
