import { paragraphsFromPlainText } from "~/kernel/forms/plain-text-paragraphs";
import { sanitizeRichText } from "~/kernel/store/content/sanitize.server";

/**
 * Rich text as a studio form posts it, ready to store (docs/requirements.md §7.11, §11.6): plain
 * text typed without JavaScript keeps its paragraphs (paragraphsFromPlainText), then the CMS
 * allow-list cleans it, so what is stored is what the site shows.
 */
export const studioRichText = (posted: string | null | undefined) => sanitizeRichText(paragraphsFromPlainText(posted));
