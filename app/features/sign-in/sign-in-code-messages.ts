/**
 * What "E-mail me a sign-in code" says (docs/decisions/0069). Apart from the forms' schemas
 * (sign-in-code.ts, zod) so that /login/code's page imports only words: a public page's
 * JavaScript must not carry zod (docs/requirements.md §11.9).
 */
export const CODE_SENT_MESSAGE = "If that address belongs to a member, we have sent a code to it. It works for 10 minutes, in this browser only.";
export const CODE_SHAPE_MESSAGE = "Please enter the 6-digit code from the e-mail.";
export const CODE_WRONG_MESSAGE = "That code is not right. Please check the e-mail and try again.";
export const CODE_ENDED_MESSAGE = "Too many wrong codes: this code no longer works. Please ask for a new one.";
export const CODE_EXPIRED_MESSAGE = "This code has expired. Please ask for a new one.";
export const CODE_USED_MESSAGE = "This code has already been used. Please ask for a new one.";
export const CODE_OTHER_BROWSER_MESSAGE =
  "This code was asked for in another browser. Please use it in the browser where you asked for it, or ask for a new one here.";
