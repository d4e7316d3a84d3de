/** The face of modules/org (issue 29 item 2): what the rest of the API may use of it. */
export { orgRoutes } from './org.routes.ts';
export { listMembers, listTeams, toMembers, visibleMember } from './org.service.ts';
