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
    if (onOrBefore(stage, today)) due = stageKey(stage);
  }
  return due;
}

const UK_DAY_TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "medium", timeStyle: "short" });

/** Whether the stage's date has come by `today` (as dueStage reads it). */
function onOrBefore(stage: ReminderStage, today: UkDate): boolean {
  return stage.month < today.month || (stage.month === today.month && stage.day <= today.day);
}

/**
 * The subscriptions page's lines about the automatic reminders (docs/requirements.md §10.2): one per
 * stage of the settings, in date order, saying what happened or what will happen, as the daily
 * run (dueStage) does it:
 * - sent this year: when it last went and to how many ("1 September: last sent 1 Sep 2026, 07:00, to 30 members");
 * - its date still to come: "1 December: not due yet; goes on 1 December to members not renewed by then";
 * - the due stage (the latest date gone) not sent yet: the next daily run sends it;
 * - an earlier date gone unsent: the run only sends the latest date gone, so this one is skipped this
 *   year (its date had passed when the stages were set); the line names the next reminder that will go.
 */
export function reminderStageLines(
  keys: readonly string[],
  runs: ReadonlyArray<{ stage: string; lastSentAt: number; reminded: number }>,
  today: UkDate,
): string[] {
  const stages = sortStages(keys.map(stageFromKey).filter((s): s is ReminderStage => s !== null));
  const due = dueStage(keys, today);
  const sent = (stage: ReminderStage) => runs.find((r) => r.stage === stageKey(stage));
  const upcoming = stages.find((stage) => !onOrBefore(stage, today));
  const dueStageValue = due ? stageFromKey(due) : null;
  // What goes next: the due stage while the daily run has not sent it, else the next date to come.
  const next = dueStageValue && !sent(dueStageValue) ? `${formatStage(dueStageValue)} (with the next daily run)` : upcoming ? formatStage(upcoming) : null;
  return stages.map((stage) => {
    const run = sent(stage);
    const name = formatStage(stage);
    if (run) {
      const members = `${run.reminded} ${run.reminded === 1 ? "member" : "members"}`;
      return `${name}: last sent ${UK_DAY_TIME.format(new Date(run.lastSentAt * 1000))}, to ${members}`;
    }
    if (!onOrBefore(stage, today)) return `${name}: not due yet; goes on ${name} to members not renewed by then`;
    if (stageKey(stage) === due) return `${name}: due; the next daily run sends it to members not renewed yet`;
    return `${name}: passed before the stage was set, so it is not sent this year; next: ${next ?? `none this year (the first next year is ${formatStage(stages[0]!)})`}`;
  });
}
