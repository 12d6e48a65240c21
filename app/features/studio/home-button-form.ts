import { z } from "zod";
import { safeHref } from "~/kernel/http/safe-href";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { changedSettings, textField, type LoggedSetting, type SettingChange } from "./settings-form-parts";

/**
 * The home page's booking button (/studio/event, docs/requirements.md §7.3): its text and
 * link, which the site settings still keep for the home page's event block (§1.4). The
 * event itself is a record now (/studio/events, ADR 60). Pure.
 */

export const HOME_BUTTON_LIMITS = { buttonText: 60, link: 300 } as const;

export const HOME_BUTTON_MESSAGES = {
  saved: "Home page button saved.",
  invalid: "Please check the fields marked below.",
  link: "Enter a full address starting with https://, or a page of this site starting with /, or leave it empty.",
} as const;

export const homeButtonSchema = z.object({
  buttonText: textField(HOME_BUTTON_LIMITS.buttonText),
  bookingLink: textField(HOME_BUTTON_LIMITS.link).refine((value) => value === "" || safeHref(value) !== null, HOME_BUTTON_MESSAGES.link),
});

export type HomeButtonForm = z.output<typeof homeButtonSchema>;

export const homeButtonValues = (settings: SiteSettings): Record<string, string> => ({
  buttonText: settings.upcomingEvent.buttonText,
  bookingLink: settings.upcomingEvent.bookingLink,
});

export const applyHomeButton = (current: SiteSettings, form: HomeButtonForm): SiteSettings => ({
  ...current,
  upcomingEvent: { ...current.upcomingEvent, buttonText: form.buttonText, bookingLink: form.bookingLink },
});

const LOGGED: readonly LoggedSetting[] = [
  ["Booking button text", (s) => s.upcomingEvent.buttonText],
  ["Booking button link", (s) => s.upcomingEvent.bookingLink],
];

/** One change per setting that differs (the activity log's entries). */
export const homeButtonChanges = (before: SiteSettings, after: SiteSettings): SettingChange[] => changedSettings(LOGGED, before, after);
