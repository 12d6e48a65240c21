import { NAME_MAX, TITLE_MAX } from "./limits";

/**
 * A donor's name as HMRC's schedule wants it (docs/requirements.md §14, ADR 74): title, first
 * name and last name in their own columns, hyphens written as spaces ("Smith-Jones" is
 * "Smith Jones"), title at most 4 characters, names at most 35.
 *
 * A declaration keeps the full name as given, so the split is made here: the last word is the
 * last name, with the particles before it ("van der Berg", "de la Cruz"); the words before are
 * the first name (a middle name stays with it). A title may be the record's own, or written in
 * the name ("Mr John Smith") when the record has none or says "Other". Long titles HMRC gives a
 * short form for are shortened ("Professor" is "Prof", as HMRC's example).
 */
export interface SplitName {
  title: string;
  firstName: string;
  lastName: string;
  /** Plain-English reasons the row cannot go on the schedule as it is. */
  problems: string[];
}

/** Titles recognised at the start of a name, by their lower-case form without a full stop, with what the schedule writes. */
const TITLES: Record<string, string> = {
  mr: "Mr",
  mrs: "Mrs",
  ms: "Ms",
  miss: "Miss",
  mx: "Mx",
  dr: "Dr",
  doctor: "Dr",
  prof: "Prof",
  professor: "Prof",
  rev: "Rev",
  revd: "Revd",
  reverend: "Rev",
  sir: "Sir",
  dame: "Dame",
  lady: "Lady",
  lord: "Lord",
  fr: "Fr",
  father: "Fr",
  cllr: "Cllr",
};

/** Words that belong to the last name when they come before it. */
const PARTICLES = new Set([
  "van",
  "von",
  "de",
  "der",
  "den",
  "del",
  "della",
  "di",
  "da",
  "du",
  "la",
  "le",
  "st",
  "st.",
  "mac",
  "ap",
  "bin",
  "binti",
  "al",
  "el",
]);

const titleKey = (word: string) => word.toLowerCase().replace(/\.$/, "");

/** A title as the schedule writes it: the known short form, else as given. */
export function scheduleTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === "" || trimmed.toLowerCase() === "other") return "";
  return TITLES[titleKey(trimmed)] ?? trimmed;
}

/** Hyphens (and runs of spaces) written as single spaces, as HMRC asks. */
export function withoutHyphens(name: string): string {
  return name
    .replace(/[-‐‑–—]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function splitName(fullName: string, recordTitle: string): SplitName {
  let words = fullName.trim().split(/\s+/).filter(Boolean);
  let title = scheduleTitle(recordTitle);
  // A title written in the name: taken out, and used when the record has none.
  for (let known = TITLES[titleKey(words[0] ?? "")]; words.length > 1 && known; known = TITLES[titleKey(words[0] ?? "")]) {
    if (title === "") title = known;
    words = words.slice(1);
  }
  const problems: string[] = [];
  let firstName = "";
  let lastName = "";
  if (words.length < 2) {
    problems.push("The name needs a first and a last name.");
    lastName = withoutHyphens(words.join(" "));
  } else {
    let split = words.length - 1;
    while (split > 1 && PARTICLES.has((words[split - 1] ?? "").toLowerCase())) split -= 1;
    firstName = withoutHyphens(words.slice(0, split).join(" "));
    lastName = withoutHyphens(words.slice(split).join(" "));
  }
  if (title.length > TITLE_MAX) problems.push(`The title “${title}” is longer than HMRC's ${TITLE_MAX} characters.`);
  if (firstName.length > NAME_MAX) problems.push(`The first name is longer than HMRC's ${NAME_MAX} characters.`);
  if (lastName.length > NAME_MAX) problems.push(`The last name is longer than HMRC's ${NAME_MAX} characters.`);
  return { title, firstName, lastName, problems };
}
