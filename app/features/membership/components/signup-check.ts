import { parseWithZod } from "@conform-to/zod/v4";
import { signupSchema } from "~/features/membership/signup";
import { replyErrors } from "~/kernel/forms/reply";
import { installPlainMessages } from "~/kernel/forms/plain-messages";

// The browser's parse speaks the same plain words as the server's (ADR 68).
installPlainMessages();

/**
 * The sign-up form's check in the browser: the very schema and parse the server's action
 * uses (app/features/membership/signup.ts through parseWithZod). Loaded lazily, on first use of the
 * form, so zod and conform are never part of the page's first JavaScript
 * (docs/decisions/0012).
 */
export function checkSignup(form: HTMLFormElement): Record<string, string | undefined> {
  const data = new FormData(form);
  // The browser's own year: this check is a courtesy, the server's (currentYear, UK time)
  // decides, and the UK-time formatter would add to the sign-up page's JavaScript.
  const submission = parseWithZod(data, { schema: signupSchema(Object.fromEntries(data), new Date().getFullYear()), disableAutoCoercion: true });
  return submission.status === "success" ? {} : replyErrors(submission.reply());
}
