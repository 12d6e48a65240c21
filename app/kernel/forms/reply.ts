import type { SubmissionResult } from "@conform-to/react";

/**
 * Reading an action's answer: conform's SubmissionResult (`submission.reply()`), the one
 * shape every form's action answers with. Type-only import, so no conform code reaches
 * the pages that only read it (docs/decisions/0028).
 */
export type FormReply = SubmissionResult<string[]>;

/** The first message of each field; the form's own message is under "". */
export function replyErrors(reply: FormReply | null | undefined): Record<string, string | undefined> {
  const errors: Record<string, string | undefined> = {};
  for (const [name, messages] of Object.entries(reply?.error ?? {})) errors[name] = messages?.[0];
  return errors;
}

/** A value as sent (never a password: actions hide them), for a field's defaultValue. */
export const replyValue = (reply: FormReply | null | undefined, name: string) => reply?.initialValue?.[name] as string | undefined;

/** A refusal that is about the whole form (too many attempts, the provider failing): one message under "", nothing typed kept. */
export const formMessageReply = (message: string): FormReply => ({ status: "error", error: { "": [message] } });

/** True for a form's reply, false for a page an action answered with instead (pages carry `kind`, replies never do). */
export const isFormReply = <T extends object>(answer: T | FormReply | null | undefined): answer is FormReply => !!answer && !("kind" in answer);
