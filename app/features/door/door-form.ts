import { z } from "zod";

/**
 * The door's SAVE form (/scan-qr-code): the ticket's code as read or typed, the people
 * ticked, and the event the steward chose (docs/requirements.md §5.8; none, or one the door
 * does not list, means the default event). Parsed by the route's action with parseWithZod (a single ticked box
 * arrives as one value: conform makes it an array).
 */

export const NO_TICKET = "Scan a ticket or enter its code first.";

/** Longer than any code or scanned text; a longer value is cut, not refused. */
export const DOOR_INPUT_MAX = 200;

export const doorSaveSchema = z.object({
  code: z
    .string({ error: NO_TICKET })
    .transform((code) => code.trim().slice(0, DOOR_INPUT_MAX))
    .pipe(z.string().min(1, { error: NO_TICKET })),
  person: z.array(z.string()).default([]),
  event: z
    .string()
    .optional()
    .transform((event) => (event ?? "").trim().slice(0, DOOR_INPUT_MAX)),
  /** SAVE (the ticked people), or "household": "Admit everyone" of the ticket's household for the event (ADR 65). Anything else is a SAVE. */
  intent: z
    .string()
    .optional()
    .transform((intent): "save" | "household" => (intent === "household" ? "household" : "save")),
});

export type DoorSave = z.output<typeof doorSaveSchema>;
