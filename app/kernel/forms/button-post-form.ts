import { z } from "zod";

/**
 * A form that is only its button (Renew Now, PAY, a logout post). Whatever else a post
 * carries (a named button's value, a field a browser extension adds) is ignored, as the
 * page's own button would be: being strict here would refuse real presses.
 */
export const buttonPostSchema = z.object({});
