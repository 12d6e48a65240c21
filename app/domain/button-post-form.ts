import { z } from "zod";

/**
 * A form that is only its button (Renew Now, PAY, a logout post): the post carries no
 * field, so any field is a post the action does not understand (400, ADR 0028's one action shape).
 */
export const buttonPostSchema = z.strictObject({});
