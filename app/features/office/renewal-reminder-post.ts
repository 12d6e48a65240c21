import { confirmedField } from "../../kernel/forms/confirm-step";
import { z } from "zod";

/**
 * What the subscriptions report's 'Send Notification To All' posts (/mem-renewals). Apart
 * from renewals-report.ts, which the page's components import, so zod stays out of the
 * browser (docs/decisions/0028-one-form-layer.md). Pure.
 */

/** The reminder post: the button's intent, and `confirmed=1` once the question was answered. */
export const reminderSchema = z.object({
  intent: z.literal("notify"),
  confirmed: confirmedField,
});
