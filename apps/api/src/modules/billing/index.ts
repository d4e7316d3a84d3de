/** The face of modules/billing (issue 29 item 2): what the rest of the API may use of it. */
export { billingRoutes } from './billing.routes.ts';
export { columnsOf, mayRecord, settle, stateOf, toPlan } from './plan-rules.ts';
