import { z } from "zod";
import type { JsonValue } from "~/kernel/activity/activity";
import { parsePounds } from "~/kernel/values/pounds";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from "./site-settings-fields";

/**
 * What the studio's settings screens share (/studio/settings, /studio/event): their fields'
 * checks (trimmed text, pounds, Stripe price ids) and the activity log's "setting-changed"
 * entries, one per setting that differs. Pure.
 */

/** Trimmed text of at most `max` characters; an absent field is "". */
export const textField = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(max, SETTINGS_MESSAGES.tooLong(max)));

/** An amount typed in pounds, kept in pence (pounds.ts says what is refused). */
export const poundsField = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const parsed = parsePounds(value);
    if (parsed.ok) return parsed.pence;
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });

/** A Stripe price id (letters, digits and _), or "". */
export const priceIdField = textField(SETTINGS_LIMITS.priceId).refine((value) => /^[A-Za-z0-9_]*$/.test(value), SETTINGS_MESSAGES.priceId);

/** A setting as the activity log names it, and how the log shows its value. */
export type LoggedSetting = readonly [key: string, read: (s: SiteSettings) => JsonValue];

export interface SettingChange {
  key: string;
  before: JsonValue;
  after: JsonValue;
}

/** One change per logged setting that differs, in the list's order (the activity log's entries). */
export function changedSettings(logged: readonly LoggedSetting[], before: SiteSettings, after: SiteSettings): SettingChange[] {
  return logged.flatMap(([key, read]) => {
    const was = read(before);
    const now = read(after);
    return JSON.stringify(was) === JSON.stringify(now) ? [] : [{ key, before: was, after: now }];
  });
}
