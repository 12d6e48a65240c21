import { confirmedField } from "../../kernel/forms/confirm-step";
import { z } from "zod";
import { parsePounds } from "../../kernel/values/pounds";

/**
 * What the refund form posts (/accounts/transactions/{id}/refund, ADR 55). Apart from
 * refunds.ts, which components import, so zod stays out of the browser
 * (docs/decisions/0028-one-form-layer.md). Pure.
 */

export const MEMBERSHIP_MESSAGE = "Please say whether the membership change stands.";

/** The refund form's post. `confirmed` is "1" once the accountant answered "Please confirm". */
export const refundSchema = z.object({
  refundId: z.string().regex(/^[0-9a-f]{24}$/, { error: "This form is out of date: please open the refund page again." }),
  amount: z.preprocess(
    (value) => (typeof value === "string" ? value : ""),
    z.string().transform((value, ctx) => {
      const parsed = parsePounds(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }
      return parsed.pence;
    }),
  ),
  reason: z.preprocess(
    (value) => (typeof value === "string" ? value : ""),
    z.string().trim().min(1, { error: "Please write why the money is given back." }).max(500, { error: "The reason must be at most 500 characters." }),
  ),
  membership: z.enum(["kept", "undone"], { error: MEMBERSHIP_MESSAGE }).optional(),
  confirmed: confirmedField,
});

export type RefundInput = z.infer<typeof refundSchema>;
