import { z } from "zod";

/** What the practice checkout's buttons say (app/features/payments/routes/practice-checkout.tsx). */
export const PRACTICE_MESSAGES = {
  badReturn: "This checkout cannot go on: its return address is not on this site. Nothing was paid.",
  badIntent: "Please press Pay or Cancel.",
} as const;

/** The practice checkout's post: which of its two buttons was pressed. */
export const practiceCheckoutSchema = z.object({ intent: z.enum(["pay", "cancel"], { message: PRACTICE_MESSAGES.badIntent }) });

export type PracticeIntent = z.infer<typeof practiceCheckoutSchema>["intent"];
