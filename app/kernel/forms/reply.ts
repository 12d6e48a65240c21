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
