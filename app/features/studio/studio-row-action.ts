import { z } from "zod";
import { confirmedField } from "../../kernel/forms/confirm-step";

/**
 * A row button's post on the studio's lists (calendar, office bearers, documents): what to
 * do, to which record, and `confirmed=1` once the question was answered. Server-only.
 */
export const studioRowActionSchema = z.object({
  intent: z.enum(["remove", "up", "down", "remove-team"]),
  id: z.string().regex(/^[0-9a-zA-Z_-]{1,64}$/),
  confirmed: confirmedField,
});

/** The message when a row's record is gone (removed meanwhile in another tab). */
export const STUDIO_GONE = "That item is no longer there. The list below is up to date.";

/**
 * A store outage's answer to a row button (ADR 59): its message above the list, where
 * StudioRowReply shows any refusal of a row's post.
 */
export const studioRowStoreError = (_form: FormData, message: string) => ({ formError: message });
