import { z } from "zod";

/**
 * Pieces the forms' zod schemas share (docs/decisions/0010, 0028). Server-side only: the
 * routes' actions parse, so this module is never imported by a page (a public page that
 * imported it would download zod; test/integration/tooling/public-page-scripts.test.ts).
 */

/** What a form field posted, as text: a missing or file field reads as "". */
export const asText = (value: unknown) => (typeof value === "string" ? value : "");

/** An optional text field of at most `max` characters: conform reads an empty one as missing, which is "" here. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max.toLocaleString("en-GB")} characters` })
    .optional()
    .transform((value) => value ?? "");
