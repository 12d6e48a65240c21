import { z } from "zod";
import { confirmedField } from "../../kernel/forms/confirm-step";
import { BEARER_LIMITS, PREVIOUS_TEAM_LIMITS, teamYear } from "./office-bearers-fields";
import type { Id, OfficeBearer } from "../../kernel/store/records";

export { BEARER_LIMITS, PREVIOUS_TEAM_LIMITS, teamYear };

/**
 * The office bearers in the studio: a bearer's fields, the previous teams' fields, and
 * "Move this team to previous teams", which turns the current team into one previous team
 * in the shape the Office Bearers page shows them (a title and a list, like the demo's
 * "Office Bearers 2025–26": "President: Jane Smith"). Pure, unit-tested.
 */

export const OFFICE_BEARER_MESSAGES = {
  name: "Please enter the person's name",
  role: "Please enter their role, for example President",
  year: "Please enter the team's year, for example 2025–26",
  title: "Please enter the team's title",
  noTeam: "There is no current team to move.",
} as const;

/** A required field: conform's parseWithZod makes an empty one undefined, so its type error is the "Please enter" message too. */
const requiredText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `At most ${max} characters` });

/** A person of the team; their photo is the form's PhotoInput, read apart (app/features/studio/studio-photo-field.server.ts). */
export const officeBearerSchema = z.object({
  name: requiredText(BEARER_LIMITS.name, OFFICE_BEARER_MESSAGES.name),
  role: requiredText(BEARER_LIMITS.role, OFFICE_BEARER_MESSAGES.role),
});
export type OfficeBearerInput = z.infer<typeof officeBearerSchema>;

/** "2025", "2025-26", "2025–2026": a team's year as people write it. */
const YEAR = /^(19|20)\d{2}(\s*[-–]\s*(\d{2}|(19|20)\d{2}))?$/;

export const moveTeamSchema = z.object({
  year: z.string({ error: OFFICE_BEARER_MESSAGES.year }).trim().regex(YEAR, { error: OFFICE_BEARER_MESSAGES.year }),
  confirmed: confirmedField,
});

export const previousTeamSchema = z.object({
  title: requiredText(PREVIOUS_TEAM_LIMITS.title, OFFICE_BEARER_MESSAGES.title),
  // Rich text (named for the editor that replaces the textarea later); sanitized on save.
  contentHtml: z
    .string()
    .trim()
    .max(PREVIOUS_TEAM_LIMITS.content, { error: `At most ${PREVIOUS_TEAM_LIMITS.content} characters` })
    .default(""),
});
export type PreviousTeamInput = z.infer<typeof previousTeamSchema>;

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The current team as a previous team: "Office Bearers <year>" and a list of "Role: Name", in the team's order. */
export function previousTeamFromTeam(team: ReadonlyArray<Pick<OfficeBearer, "name" | "role">>, year: string): PreviousTeamInput {
  const items = team.map((b) => `<li>${escapeHtml(b.role ? `${b.role}: ${b.name}` : b.name)}</li>`).join("");
  return { title: `Office Bearers ${teamYear(year)}`, contentHtml: `<ul>${items}</ul>` };
}

/** The ids in their new order after moving `id` one place up or down (unchanged at either end or for an unknown id). */
export function moveInOrder(ids: readonly Id[], id: Id, direction: "up" | "down"): Id[] {
  const next = [...ids];
  const from = next.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= next.length) return next;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * The team's order as the store saves it: the ids given that are still in the team, numbered
 * from 1 (an id removed meanwhile is skipped). The same on both stores.
 */
export function teamOrder(ids: readonly Id[], team: ReadonlySet<Id>): Array<{ id: Id; order: number }> {
  return ids.filter((id) => team.has(id)).map((id, index) => ({ id, order: index + 1 }));
}

/** The confirmation question before the team is moved. */
export function moveTeamQuestion(count: number, year: string): string {
  return `Move the current team (${count} ${count === 1 ? "person" : "people"}) to previous teams as "Office Bearers ${teamYear(year)}"? The current list will then be empty.`;
}
