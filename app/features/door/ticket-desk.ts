/**
 * Tickets at the desk (docs/requirements.md §5.9): how the accountant takes the payment, and the
 * texts of the desk. The booking rules themselves are the member's own (ticket-rules.ts,
 * ticket-booking.ts).
 */

export const DESK_PAYMENTS = ["cash", "link"] as const;
export type DeskPayment = (typeof DESK_PAYMENTS)[number];

export function readDeskPayment(value: unknown): DeskPayment | null {
  return (DESK_PAYMENTS as readonly unknown[]).includes(value) ? (value as DeskPayment) : null;
}

export const DESK_TITLE = "Tickets at the desk";
export const DESK_LINK_SUBJECT = "Please pay for your ticket";
export const DESK_CHOOSE_PAYMENT = "Choose how the ticket is paid.";
export const DESK_NO_MEMBER = "Choose a member first.";

/** How the activity log says the ticket was paid. */
export const DESK_PAID_BY = {
  free: "free",
  cash: (amount: string) => `paid in cash, ${amount}`,
  link: "card payment link e-mailed",
} as const;

/** The cash button, with the amount to take. */
export function cashButtonText(total: string): string {
  return `Paid in cash ${total}`;
}
export const LINK_BUTTON_TEXT = "Send a card payment link";
