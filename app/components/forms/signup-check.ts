import { parseSignup } from "~/domain/signup";

/**
 * The sign-up form's check in the browser: the very schema the server's action uses
 * (app/domain/signup.ts). Loaded lazily, on first use of the form, so zod is never part
 * of the page's first JavaScript (docs/decisions/0012).
 */
export function checkSignup(form: HTMLFormElement): Record<string, string> {
  const raw = Object.fromEntries(new FormData(form)) as Record<string, unknown>;
  const result = parseSignup(raw, new Date().getFullYear());
  return result.ok ? {} : (result.errors as Record<string, string>);
}
