import { confirmedField } from "../../kernel/forms/confirm-step";
import { z } from "zod";
import { parseMemberActionValue } from "./member-action-value";

/**
 * What a row button of the members tables posts (/members, /deleted-members). Apart from
 * member-action-value.ts, which the table's components import, so zod stays out of the
 * browser (docs/decisions/0028-one-form-layer.md). Pure.
 */

/** A row button's post: `do=<action>:<member id>`, and `confirmed=1` once the question was answered. */
export const memberActionSchema = z.object({
  do: z.string().transform((value, ctx) => {
    const chosen = parseMemberActionValue(value);
    if (!chosen) ctx.addIssue({ code: "custom", message: "unknown action" });
    return chosen ?? z.NEVER;
  }),
  confirmed: confirmedField,
});
