import { z } from "zod";

/**
 * "Ask first" (docs/decisions/0028): a post that changes something for good is answered
 * first with a question, a server-rendered step set apart from the page's other actions,
 * so it works without JavaScript; its Yes posts the same fields again with `confirmed=1`.
 * Pure (zod only): schemas and actions import it, pages import `ConfirmStep`.
 */

/** What an action answers before the change: the question, and the fields Yes posts again. */
export interface Confirmation {
  question: string;
  fields: Record<string, string>;
}

/** A post's `confirmed` field: "1" once the question was answered Yes, else undefined. */
export const confirmedField = z.literal("1").optional().catch(undefined);

/** The answer that asks first: `{ confirm: { question, fields } }`, for `<ConfirmStep confirm={answer.confirm} />`. */
export function confirmStep(question: string, fields: Record<string, string>): { confirm: Confirmation } {
  return { confirm: { question, fields } };
}
