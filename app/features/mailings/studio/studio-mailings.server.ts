import type { AppLoadContext } from "@remix-run/cloudflare";
import { studioRichText } from "~/features/studio/index.server";
import type { Audience, EventRecord, Id, Mailing, MailingDraftPatch, MediaRef, Member, UnixSeconds } from "~/kernel/store/records";
import { audienceFromForm, type MailingFormInput } from "./mailing-form";
import { audienceLabel, formatUkDateTime, ukDayAndTime } from "./mailing-fields";

/**
 * The studio's member mailings (docs/requirements.md §13): what the screens show of a mailing and
 * how a form's fields become a draft. Rich text is sanitised here with the CMS allow-list, as
 * news is, so what is stored is what the copies carry. Returns results, never Responses.
 */

/** The draft's fields from the form; `photo` from the photo field: undefined keeps the mailing's, null removes it. */
export function draftFromForm(form: MailingFormInput, by: Id, previous: Mailing | null, photo: MediaRef | null | undefined): MailingDraftPatch {
  return {
    kind: form.kind,
    subject: form.subject,
    preview: form.preview,
    bodyHtml: studioRichText(form.body),
    photo: photo === undefined ? (previous?.photo ?? null) : photo,
    buttonLabel: form.buttonLabel,
    buttonUrl: form.buttonUrl,
    audience: audienceFromForm(form),
    publishNews: form.publishNews,
    updatedBy: by,
  };
}

export async function createDraft(context: AppLoadContext, user: Member, form: MailingFormInput, photo: MediaRef | null | undefined, now: UnixSeconds) {
  const { updatedBy: _by, ...fields } = draftFromForm(form, user.id, null, photo);
  return context.store.mailings.create(
    {
      kind: fields.kind!,
      subject: fields.subject!,
      preview: fields.preview!,
      bodyHtml: fields.bodyHtml!,
      photo: fields.photo ?? null,
      buttonLabel: fields.buttonLabel!,
      buttonUrl: fields.buttonUrl!,
      audience: fields.audience!,
      publishNews: fields.publishNews!,
      createdBy: user.id,
    },
    now,
  );
}

/** The events a mailing may go to the ticket holders of (not cancelled), newest first, as the picker lists them. */
export async function eventChoices(context: AppLoadContext): Promise<Array<{ id: Id; label: string }>> {
  const events = await context.store.events.list();
  return events
    .filter((event) => event.cancelledAt === null)
    .reverse()
    .map((event) => ({ id: event.id, label: eventLabel(event) }));
}

const eventLabel = (event: Pick<EventRecord, "title" | "date">) => (event.date ? `${event.title} (${event.date.split("-").reverse().join("-")})` : event.title);

/** The audience in words, with the event's name for ticket holders. */
export async function audienceWords(context: AppLoadContext, audience: Audience): Promise<string> {
  if (audience.kind !== "event-tickets") return audienceLabel(audience);
  const event = await context.store.events.get(audience.eventId);
  return audienceLabel(audience, event ? eventLabel(event) : undefined);
}

/** The form's starting values: what is saved. */
export function formValues(mailing: Mailing | null): Record<string, string> {
  const schedule = mailing?.scheduledAt ? ukDayAndTime(mailing.scheduledAt) : { day: "", time: "" };
  const audience = mailing?.audience ?? { kind: "active" };
  return {
    kind: mailing?.kind ?? "notice",
    subject: mailing?.subject ?? "",
    preview: mailing?.preview ?? "",
    body: mailing?.bodyHtml ?? "",
    buttonLabel: mailing?.buttonLabel ?? "",
    buttonUrl: mailing?.buttonUrl ?? "",
    audience: audience.kind,
    years: audience.kind === "children-born" ? audience.years.join(", ") : "",
    eventId: audience.kind === "event-tickets" ? audience.eventId : "",
    publishNews: mailing?.publishNews ? "on" : "",
    scheduleDay: schedule.day,
    scheduleTime: schedule.time,
  };
}

/** The line under a mailing's subject: its status and its time, in UK time. */
export function statusLine(mailing: Mailing): string {
  if (mailing.status === "scheduled" && mailing.scheduledAt) return `Scheduled for ${formatUkDateTime(mailing.scheduledAt)} (UK time)`;
  if (mailing.status === "sent" && (mailing.finishedAt ?? mailing.startedAt)) return `Sent on ${formatUkDateTime((mailing.finishedAt ?? mailing.startedAt)!)}`;
  if (mailing.status === "sending" && mailing.startedAt) return `Sending since ${formatUkDateTime(mailing.startedAt)}`;
  return `Last changed ${formatUkDateTime(mailing.updatedAt)}`;
}
