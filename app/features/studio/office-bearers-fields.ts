/** The office bearers' forms' limits and the team year's spelling, without zod: the studio pages' JavaScript uses them (office-bearers-team.ts parses, on the server). */

export const BEARER_LIMITS = { name: 120, role: 120 } as const;
export const PREVIOUS_TEAM_LIMITS = { title: 120, content: 20_000 } as const;

/** The year as the demo writes it: an en dash between the years ("2025-26" → "2025–26"). */
export function teamYear(year: string): string {
  return year.trim().replace(/\s*[-–]\s*/, "–");
}
