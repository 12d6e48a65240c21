import { z } from "zod";
import { OFFLINE_MESSAGES, OFFLINE_METHODS, amountMismatchMessage, isIsoDay, needsReference, receivedByToday } from "./offline-payment";
import { parsePounds } from "../../kernel/values/pounds";

/**
 * The offline payment form (docs/requirements.md §4.9): method, reference (for a transfer or a
 * cheque), the day the money was received (not after today) and the amount, which must
 * be the full amount due (`expected`, pence): part payments are not supported. The
 * route builds it with what is due and today's date (UK), and parses posts with parseWithZod.
 */

export const REFERENCE_MAX = 100;

export function offlinePaymentFields(options: { expected: number; today: string }) {
  return {
    method: z.enum(OFFLINE_METHODS, { error: OFFLINE_MESSAGES.method }),
    reference: z.string().trim().max(REFERENCE_MAX, { error: OFFLINE_MESSAGES.referenceTooLong }).default(""),
    paidOn: z
      .string({ error: OFFLINE_MESSAGES.paidOn })
      .trim()
      .refine(isIsoDay, { error: OFFLINE_MESSAGES.paidOn })
      .refine((day) => receivedByToday(day, options.today), { error: OFFLINE_MESSAGES.paidOnFuture }),
    amount: z.string({ error: amountMismatchMessage(options.expected) }).transform((value, ctx) => {
      const parsed = parsePounds(value);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
      else if (parsed.pence !== options.expected) ctx.addIssue({ code: "custom", message: amountMismatchMessage(options.expected) });
      return parsed.ok ? parsed.pence : 0;
    }),
  };
}

/** A reference is required for a transfer or a cheque (the whole object is checked: it depends on the method). */
function withReferenceRule<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape).superRefine((value, ctx) => {
    const { method, reference } = value as { method?: (typeof OFFLINE_METHODS)[number]; reference?: string };
    if (method && needsReference(method) && !reference) ctx.addIssue({ code: "custom", path: ["reference"], message: OFFLINE_MESSAGES.reference });
  });
}

export function offlinePaymentSchema(options: { expected: number; today: string }) {
  return withReferenceRule(offlinePaymentFields(options));
}

export type OfflinePaymentValues = { method: (typeof OFFLINE_METHODS)[number]; reference: string; paidOn: string; amount: number };
