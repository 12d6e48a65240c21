import { z } from "zod";

/**
 * 'Send again' on a failed e-mail in the outbox: what its button posts. A rule beside the
 * service (outbox-resend.server.ts) that does the sending, as ADR 28 keeps form schemas
 * (docs/decisions/0028-one-form-layer.md, 0058-features-as-folders.md). Pure.
 */

/** The Send again button posts no fields: the e-mail is the one in the URL. */
export const resendSchema = z.object({});
