import { parseMemberNumber } from "./member-number";

/**
 * The members search's words (ADR 63), pure so both stores read a search alike and every
 * rule is unit-tested. What the accountant types is cut into words of letters and digits,
 * as SQLite's unicode61 tokenizer cuts what it indexes, so nothing they type ever reaches
 * FTS5 as syntax: quotes, `*`, `NEAR(`, `-` or `:` are only separators.
 */

/** At most this many words are searched (a pasted paragraph is not a search). */
export const MAX_SEARCH_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/** Words cut to this many characters when the whole words find nobody ("Sarah" finds "Sara"). */
export const LOOSE_WORD_LENGTH = 4;

/** The words of a search: lower case, letters and digits only, at most MAX_SEARCH_WORDS. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/** "mma42": a member number as the association writes it, searched whole (MMA2 is not MMA20). */
const MEMBER_NUMBER_WORD = /^mma\d+$/;

/**
 * The FTS5 MATCH expression: every word as a quoted prefix ("sara"* "thomas"*), so each
 * must begin a word of the member's record; an MMA number whole. The words hold letters and
 * digits only, so the quotes can never be closed early; null when there is no word to search.
 */
export function ftsMatch(words: readonly string[]): string | null {
  return words.length === 0 ? null : words.map((word) => (MEMBER_NUMBER_WORD.test(word) ? `"${word}"` : `"${word}"*`)).join(" ");
}

/**
 * The second try when the words as typed find nobody: the longer words cut to their first
 * LOOSE_WORD_LENGTH characters, so "Sarah Thomas" finds "Sara Thomas" (and "Thomson"):
 * null when that would search the same words again.
 */
export function looseWords(words: readonly string[]): string[] | null {
  const loose = words.map((word) => (/^\p{N}+$/u.test(word) || MEMBER_NUMBER_WORD.test(word) ? word : word.slice(0, LOOSE_WORD_LENGTH)));
  return loose.some((word, index) => word !== words[index]) ? loose : null;
}

// ---- Cockpit's equivalent: one filter (ADR 63) --------------------------------------------

/** The `userlist` text fields a search reads: the household's names, e-mails, phones and postcode. */
const NAME_FIELDS = ["fullName", "spouseName", "childName1", "childName2", "childName3", "childName4", "childName5", "email", "spouseEmail"];
/** Fields people write with or without spaces: a word matches them whatever the spacing. */
const SPACED_FIELDS = ["mobile", "spouseMobile", "postcode"];

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * A `$regex` (Cockpit wraps it as /…/iu) for a word beginning a word of the field: at the
 * field's start or after a character that is not a letter or digit. `spaced` lets spaces or
 * dashes sit between its characters ("M145AB" matches "M14 5AB").
 */
export function wordStartRegex(word: string, spaced = false): string {
  const body = spaced ? [...word].map(escapeRegex).join("[\\s-]*") : escapeRegex(word);
  return `(^|[^\\p{L}\\p{N}])${body}`;
}

/** The Cockpit filter of a search's words: each word in one of the fields (or the member number), all words. */
export function cockpitSearchFilter(words: readonly string[]): Record<string, unknown> {
  return {
    $and: words.map((word) => {
      const number = parseMemberNumber(word);
      return {
        $or: [
          ...NAME_FIELDS.map((field) => ({ [field]: { $regex: wordStartRegex(word) } })),
          ...SPACED_FIELDS.map((field) => ({ [field]: { $regex: wordStartRegex(word, true) } })),
          ...(number === null ? [] : [{ memberId: number }]),
        ],
      };
    }),
  };
}
