/** The face of modules/articles (issue 29 item 2): what the rest of the API may use of it. */
export { articlesRoutes } from './articles.routes.ts';
export { articleLibrary } from './articles.service.ts';
export { recommendArticles } from './recommend-articles.ts';
