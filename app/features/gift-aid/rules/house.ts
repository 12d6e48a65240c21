import { HOUSE_MAX } from "./limits";

/**
 * The "House name or number" of HMRC's schedule, picked out of the address as given
 * (docs/requirements.md §14, ADR 74). Only the first part of the address is read (its first
 * line, or what comes before its first comma):
 * - a number at its start is the house number: "12 High Street" → "12", "12a" and "12-14" kept;
 * - a flat, apartment or unit keeps its number and the building's number after it:
 *   "Flat 3, 12 High St" → "Flat 3, 12" (the flat alone would not find the donor);
 * - words without a number that are not a street ("Rose Cottage") are the house name;
 * - a street without a number ("Mill Lane"), or nothing, is a problem: an accountant corrects
 *   the declaration's address, never a guess of ours.
 */
export type HouseResult = { house: string; problem: null } | { house: ""; problem: string };

export const NO_HOUSE = "No house name or number can be found in the address.";
export const HOUSE_TOO_LONG = `The house name is longer than HMRC's ${HOUSE_MAX} characters.`;

const NUMBER = /^(\d+[a-z]?(?:\s*[-–]\s*\d+[a-z]?)?)(?=$|[\s,])/i;
const FLAT = /^((?:flat|apartment|apt\.?|unit|maisonette)\s+[a-z]?\d*[a-z]?)$/i;
const FLAT_WITH_REST = /^((?:flat|apartment|apt\.?|unit|maisonette)\s+[a-z]?\d+[a-z]?)\s*,?\s+(.*)$/i;
const STREET_WORDS = new Set([
  "street",
  "st",
  "road",
  "rd",
  "lane",
  "ln",
  "avenue",
  "ave",
  "close",
  "drive",
  "way",
  "crescent",
  "place",
  "terrace",
  "grove",
  "gardens",
  "walk",
  "row",
  "hill",
  "square",
  "parade",
  "mews",
  "rise",
  "view",
  "green",
  "park",
  "vale",
]);

const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

function numberOf(part: string): string | null {
  const match = NUMBER.exec(part);
  return match?.[1] ? match[1].replace(/\s+/g, "") : null;
}

function found(house: string): HouseResult {
  return house.length > HOUSE_MAX ? { house: "", problem: HOUSE_TOO_LONG } : { house, problem: null };
}

export function houseFromAddress(address: string): HouseResult {
  const parts = address.split(/[\n,]/).map(tidy).filter(Boolean);
  const [first, second] = parts;
  if (first === undefined) return { house: "", problem: NO_HOUSE };

  const flatOnly = FLAT.exec(first);
  const flatWithRest = flatOnly ? null : FLAT_WITH_REST.exec(first);
  if (flatOnly || flatWithRest) {
    const flat = tidy((flatOnly ?? flatWithRest)?.[1] ?? "");
    const rest = (flatWithRest ? flatWithRest[2] : second) ?? "";
    const building = numberOf(rest);
    if (!/\d/.test(flat)) return building ? found(building) : { house: "", problem: NO_HOUSE };
    return found(building ? `${flat}, ${building}` : flat);
  }

  const number = numberOf(first);
  if (number) return found(number);
  if (/\d/.test(first)) return { house: "", problem: NO_HOUSE };
  const lastWord = first.toLowerCase().replace(/\.$/, "").split(" ").pop() ?? "";
  if (STREET_WORDS.has(lastWord)) return { house: "", problem: NO_HOUSE };
  return found(first);
}
