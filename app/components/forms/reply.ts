import type { SubmissionResult } from "@conform-to/react";

/**
 * Reading an action's answer: conform's SubmissionResult (`submission.reply()`), the one
 * shape every form's action answers with. Type-only import, so no conform code reaches
 * the pages that only read it (docs/decisions/0028).
 */
export type FormReply = SubmissionResult<string[]>;

/** The first message of each field; the form's own message is under "". */
export function replyErrors(reply: FormReply | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(reply?.error ?? {})) if (name && messages?.[0]) errors[name] = messages[0];
  return errors;
}

export const replyFormError = (reply: FormReply | null | undefined): string | undefined => reply?.error?.[""]?.[0] ?? undefined;

/** A value as sent (never a password: actions hide them), for a field's defaultValue. */
export function replyValue(reply: FormReply | null | undefined, name: string): string | undefined {
  const value = reply?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}
