import { parts } from "../../kernel/dates/dates";

/**
 * Automatic renewal reminders (docs/requirements.md §10.2, ADR 0050): the accountant lists the dates of the
 * year on which members who have not renewed get the reminder ("1 September, 1 October,
 * 1 November"). The daily run sends the due stage: the latest stage date on or before
 * today in the membership year (the calendar year in UK time, as currentYear). A member
 * gets each stage at most once (the run keeps a record per member, year and stage), so a
 * day the run missed is caught up the next day, and a rerun sends nothing new. Pure.
 */

/** One stage: a day of a month, every year. */
export interface ReminderStage {
  /** 1–12. */
  month: number;
  /** 1–31, within the month (29 February allowed: in other years it is due from 1 March). */
  day: number;
}

/** A date in the association's own time zone. */
export interface UkDate {
  year: number;
  month: number;
  day: number;
}

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** Days in each month at most (February 29: a leap year's). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** At most this many stages: one a month is already more than members want. */
export const MAX_REMINDER_STAGES = 12;

export const REMINDER_STAGE_MESSAGES = {
  one: (text: string) => `"${text}" is not a date. Write a day and a month, like 1 September.`,
  day: (text: string) => `"${text}": that month has no such day.`,
  twice: (text: string) => `${text} is listed twice.`,
  many: `List at most ${MAX_REMINDER_STAGES} dates.`,
} as const;

/** The stage's key in the records and the settings: "09-01". */
export function stageKey(stage: ReminderStage): string {
  return `${String(stage.month).padStart(2, "0")}-${String(stage.day).padStart(2, "0")}`;
}

/** "09-01" back to a stage; null for anything else. */
export function stageFromKey(key: string): ReminderStage | null {
  const match = /^(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const stage = { month: Number(match[1]), day: Number(match[2]) };
  return stage.month >= 1 && stage.month <= 12 && stage.day >= 1 && stage.day <= MONTH_DAYS[stage.month - 1]! ? stage : null;
}

/** "1 September". */
export function formatStage(stage: ReminderStage): string {
  return `${stage.day} ${MONTH_NAMES[stage.month - 1]}`;
}

/** The stages as the settings form shows them: "1 September, 1 October, 1 November" (in date order). */
export function formatStages(keys: readonly string[]): string {
  return sortStages(keys.map(stageFromKey).filter((stage): stage is ReminderStage => stage !== null))
    .map(formatStage)
    .join(", ");
}

function sortStages(stages: ReminderStage[]): ReminderStage[] {
  return [...stages].sort((a, b) => a.month - b.month || a.day - b.day);
}

function monthOf(word: string): number | null {
  const lower = word.toLowerCase();
  if (lower.length < 3) return null;
  const index = MONTH_NAMES.findIndex((name) => name.toLowerCase().startsWith(lower));
  return index === -1 ? null : index + 1;
}

/**
 * What the accountant typed ("1 September, 1 Oct; 1 November", or "September 1"), as stage
 * keys in date order, or the messages of what could not be read. Empty: no reminders.
 */
export function parseStages(text: string): { ok: true; keys: string[] } | { ok: false; errors: string[] } {
  const items = text
    .split(/[,;\n]+/)
    .map((item) => item.trim().replace(/\s+/g, " "))
    .filter(Boolean);
  const errors: string[] = [];
  const stages: ReminderStage[] = [];
  for (const item of items) {
    const match = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.?$/i.exec(item) ?? /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?$/i.exec(item);
    const [dayText, monthText] = match ? (/^\d/.test(match[1]!) ? [match[1]!, match[2]!] : [match[2]!, match[1]!]) : ["", ""];
    const month = match ? monthOf(monthText) : null;
    if (month === null) {
      errors.push(REMINDER_STAGE_MESSAGES.one(item));
      continue;
    }
    const day = Number(dayText);
    if (day < 1 || day > MONTH_DAYS[month - 1]!) {
      errors.push(REMINDER_STAGE_MESSAGES.day(item));
      continue;
    }
    if (stages.some((stage) => stage.month === month && stage.day === day)) errors.push(REMINDER_STAGE_MESSAGES.twice(formatStage({ month, day })));
    else stages.push({ month, day });
  }
  if (stages.length > MAX_REMINDER_STAGES) errors.push(REMINDER_STAGE_MESSAGES.many);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, keys: sortStages(stages).map(stageKey) };
}

/** Today in UK time, from an instant. */
export function ukDate(at: Date): UkDate {
  const p = parts(Math.floor(at.getTime() / 1000), { year: "numeric", month: "numeric", day: "numeric" });
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day) };
}

/**
 * The stage due on `today`: the latest stage on or before it in today's year, or null before
 * the first one (or with none). Members not renewed for `today.year` get this stage's reminder.
 */
export function dueStage(keys: readonly string[], today: UkDate): string | null {
  let due: string | null = null;
  for (const stage of sortStages(keys.map(stageFromKey).filter((s): s is ReminderStage => s !== null))) {
    if (stage.month < today.month || (stage.month === today.month && stage.day <= today.day)) due = stageKey(stage);
  }
  return due;
}

const UK_DAY_TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "medium", timeStyle: "short" });

/**
 * The subscriptions page's lines about the automatic reminders: one per stage of the
 * settings, when it last ran this year and to how many ("1 September: sent 1 Sep 2026,
 * 07:00, to 30 members"), or that it has not run yet.
 */
export function reminderStageLines(keys: readonly string[], runs: ReadonlyArray<{ stage: string; lastSentAt: number; reminded: number }>): string[] {
  return sortStages(keys.map(stageFromKey).filter((s): s is ReminderStage => s !== null)).map((stage) => {
    const run = runs.find((r) => r.stage === stageKey(stage));
    if (!run) return `${formatStage(stage)}: not sent yet this year`;
    const members = `${run.reminded} ${run.reminded === 1 ? "member" : "members"}`;
    return `${formatStage(stage)}: last sent ${UK_DAY_TIME.format(new Date(run.lastSentAt * 1000))}, to ${members}`;
  });
}
