/**
 * The site feature's components that other features may draw (ADR 58): the public views the
 * studio's preview shows (docs/requirements.md §7.6), so a preview is the site's own page.
 */
export { NewsArticle, type NewsArticleShown } from "./components/NewsArticle";
export { InfoPageView, type InfoPageShown } from "./components/InfoPageView";
