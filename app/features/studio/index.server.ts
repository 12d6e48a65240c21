/**
 * The studio feature's public entry for its server code: what other features may use of it
 * (ADR 58). Member mailings publish their news item through the studio's own news write path.
 */
export { createNews } from "./studio-news.server";
export { newsDay } from "./news-fields";
