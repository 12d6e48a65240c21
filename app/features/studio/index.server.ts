/**
 * The studio feature's public entry for its server code: what other features may use of it
 * (ADR 58). Member mailings publish their news item through the studio's own news write path,
 * and their studio screens store rich text and photos the one way the studio stores them.
 */
export { createNews } from "./studio-news.server";
export { newsDay } from "./news-fields";
export { studioRichText } from "./studio-rich-text.server";
export { discardOldPhoto, readPhotoField, writeWithNewPhoto } from "./studio-photo-field.server";
