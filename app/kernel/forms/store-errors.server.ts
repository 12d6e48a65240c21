import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { STORE_UNAVAILABLE_MESSAGE } from "./store-errors";
import { storeUnavailable } from "~/kernel/http/answers.server";
import { StoreUnavailableError } from "~/kernel/store/errors";

/**
 * The one place a form's action answers a store outage (Cockpit down, slow or refusing):
 * the form again, with what was typed (never a password), one clear message, status 503.
 * Any other error is not ours to swallow and goes on to the error boundary. Every action that
 * writes goes through storeSafeAction (ADR 59).
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

/**
 * Wraps an action: a StoreUnavailableError becomes `answer(form, message)` with status 503
 * (the kit's storeUnavailable), in the route's own answer shape, so the page re-renders its
 * form as for any refusal. The form is read from a copy taken before the action reads the
 * request; an answer that needs more than the form (the booking's party) also gets the
 * action's arguments.
 */
export function storeSafeAction<R, A>(
  action: (args: ActionFunctionArgs) => Promise<R>,
  answer: (form: FormData, message: string, args: ActionFunctionArgs) => A | Promise<A>,
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
      return storeUnavailable(await answer(form, message, args));
    }
  };
}
