import { z } from "zod";

/**
 * Accept on the cookie notice: a plain form post (no JavaScript) names the page to go back
 * to; the background post names none. Parsed without conform's coercion, so an empty
 * `redirectTo` still means "go home" rather than "no page".
 */
export const cookieConsentSchema = z.object({ redirectTo: z.string().optional() });
