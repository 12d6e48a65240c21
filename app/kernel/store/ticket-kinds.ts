/**
 * The upcoming event's ticket types and patterns (docs/requirements.md §5.2), without zod, so the studio's
 * event form can list them without a validation library in its JavaScript.
 */
export const TICKET_TYPES = ["Christmas", "Individual", "Other"] as const;
export const TICKET_PATTERNS = ["A", "A+P", "A+13", "A+13+P", "A+13+5", "A+13+5+P", "A+13+5-5", "A+13+5-5+P"] as const;
