import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { STORE_RETRY_AFTER_SECONDS, STORE_UNAVAILABLE_MESSAGE } from "./store-errors";
import { PRIVATE_CACHE_CONTROL } from "~/kernel/http/cache-control.server";
import { StoreUnavailableError } from "~/kernel/store/errors";

/**
 * The one place a form's action answers a store outage (Cockpit down, slow or refusing):
 * the form again, with what was typed (never a password), one clear message, status 503.
 * Any other error is not ours to swallow and goes on to the error boundary.
 */

export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return error instanceof StoreUnavailableError || (error instanceof Error && error.name === "StoreUnavailableError");
}

/** The text fields a form sent (the first value of each name), without passwords or files. */
export function keptFormValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || /password/i.test(name) || name in values) continue;
    values[name] = value;
  }
  return values;
}

/** The usual refused-form answer: messages per field (none), the values, one message for the form. */
export interface StoreErrorAnswer {
  errors: Record<string, never>;
  values: Record<string, string>;
  formError: string;
}

export const defaultStoreErrorAnswer = (form: FormData, message: string): StoreErrorAnswer => ({
  errors: {},
  values: keptFormValues(form),
  formError: message,
});

/** The same answer in the forms' one reply shape (conform's SubmissionResult): the values kept, one message for the form. */
export const storeErrorReply = (form: FormData, message: string) => ({
  status: "error" as const,
  initialValue: keptFormValues(form),
  error: { "": [message] } as Record<string, string[]>,
});

export const STORE_ERROR_HEADERS = { "Retry-After": String(STORE_RETRY_AFTER_SECONDS), "Cache-Control": PRIVATE_CACHE_CONTROL };

/**
 * Wraps an action: a StoreUnavailableError becomes `answer(form, message)` with status 503,
 * in the route's own answer shape, so the page re-renders its form as for any refusal.
 * The form is read from a copy taken before the action reads the request.
 */
export function storeSafeAction<R, A>(
  action: (args: ActionFunctionArgs) => Promise<R>,
  answer: (form: FormData, message: string) => A,
  message: string = STORE_UNAVAILABLE_MESSAGE,
) {
  return async (args: ActionFunctionArgs) => {
    const copy = args.request.clone();
    try {
      return await action(args);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      console.warn(`${args.request.method} ${new URL(args.request.url).pathname}: our records could not be reached: ${error.message}`);
      const form = await copy.formData().catch(() => new FormData());
      return data(answer(form, message), { status: 503, headers: STORE_ERROR_HEADERS });
    }
  };
}
