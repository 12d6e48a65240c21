/**
 * The activity log's entries for the studio's event calendar, office bearers and documents
 * (docs/requirements.md §6.11, §7.7, §7.9, §7.10): each names what was changed by the name
 * people know it by. Its own module, so activity.ts only gains one block for this part.
 */
export const PEOPLE_ACTIVITY_KINDS = [
  "calendar-entry-added",
  "calendar-entry-changed",
  "calendar-entry-removed",
  "office-bearer-added",
  "office-bearer-changed",
  "office-bearer-removed",
  "office-bearers-reordered",
  "team-moved-to-previous",
  "previous-team-changed",
  "previous-team-removed",
  "document-added",
  "document-renamed",
  "document-file-replaced",
  "document-removed",
] as const;
export type PeopleActivityKind = (typeof PEOPLE_ACTIVITY_KINDS)[number];

/** What was changed: its id and its name (an event's name, a person's name, a team's or a document's title). */
export interface PeopleActivityEvent {
  kind: PeopleActivityKind;
  subject: { id: string; name: string };
}

const SENTENCES: Record<PeopleActivityKind, (name: string) => string> = {
  "calendar-entry-added": (name) => `added "${name}" to the event calendar`,
  "calendar-entry-changed": (name) => `changed "${name}" in the event calendar`,
  "calendar-entry-removed": (name) => `removed "${name}" from the event calendar`,
  "office-bearer-added": (name) => `added ${name} to the office bearers`,
  "office-bearer-changed": (name) => `changed office bearer ${name}`,
  "office-bearer-removed": (name) => `removed ${name} from the office bearers`,
  "office-bearers-reordered": () => "changed the order of the office bearers",
  "team-moved-to-previous": (name) => `moved the office bearers to previous teams as "${name}"`,
  "previous-team-changed": (name) => `changed the previous team "${name}"`,
  "previous-team-removed": (name) => `deleted the previous team "${name}"`,
  "document-added": (name) => `uploaded the document "${name}"`,
  "document-renamed": (name) => `renamed a document to "${name}"`,
  "document-file-replaced": (name) => `replaced the file of the document "${name}"`,
  "document-removed": (name) => `removed the document "${name}"`,
};

export function peopleActivitySentence(actor: string, event: PeopleActivityEvent): string {
  return `${actor} ${SENTENCES[event.kind](event.subject.name)}.`;
}
