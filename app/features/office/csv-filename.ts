import { parts } from "../../kernel/dates/dates";

/** A CSV download's name: what it holds, then the day it was taken in UK time (`members-2026-11-21.csv`). */
export function csvFilename(stem: string, now: Date = new Date()): string {
  const day = parts(Math.floor(now.getTime() / 1000), { day: "2-digit", month: "2-digit", year: "numeric" });
  return `${stem}-${day.year}-${day.month}-${day.day}.csv`;
}
