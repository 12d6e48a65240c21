import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormMessage, fieldBinder, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { CALENDAR_LIMITS, type CalendarField } from "~/features/studio/calendar-entry-fields";
import { calendarEntrySchema } from "~/features/studio/calendar-entry-form";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireEditor } from "~/kernel/auth/auth.server";
import { addCalendarEntry, changeCalendarEntry, findCalendarEntry } from "~/features/studio/studio-calendar.server";
import { foundOrNotFound, studioNotFound } from "~/features/studio/studio-not-found.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => privatePageMeta(`${data?.entry ? "Edit event" : "Add an event"} | Studio`);

const LIST = "/studio/calendar";

/** /studio/calendar/new adds an entry; /studio/calendar/<id> edits one (404 when it is not there). */
async function entryOf(context: LoaderFunctionArgs["context"], id: string | undefined) {
  return id === "new" ? null : foundOrNotFound(await findCalendarEntry(context, id ?? ""));
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const entry = await entryOf(context, params.id);
  return data({ entry: entry && { month: entry.month, date: entry.date, name: entry.name, url: entry.url } }, { headers: privateHeaders() });
}

async function act({ request, context, params }: ActionFunctionArgs) {
  const editor = await requireEditor(request, context);
  const entry = await entryOf(context, params.id);
  const submission = parseWithZod(await request.formData(), { schema: calendarEntrySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  if (entry) {
    const saved = await changeCalendarEntry(context, editor, entry.id, submission.value);
    if (!saved) throw studioNotFound();
    return redirectWithToast(context, LIST, { kind: "success", message: `"${saved.name}" was saved.` });
  }
  const added = await addCalendarEntry(context, editor, submission.value);
  return redirectWithToast(context, LIST, { kind: "success", message: `"${added.name}" was added to the event calendar.` });
}

/** A store outage answers the form again, with what was typed and one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioCalendarEntry() {
  const { entry } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { errors, formError, form } = useFormReply(reply);
  const bind = fieldBinder<CalendarField>("calendar", errors, (name) => (reply ? replyValue(reply, name) : (entry?.[name] ?? "")));
  const field = (name: CalendarField) => ({ ...bind(name), maxLength: CALENDAR_LIMITS[name] });
  const title = entry ? "Edit event" : "Add an event";
  return (
    <StudioPage title={title} parent={{ label: "Event calendar", to: LIST }}>
      <Form method="post" noValidate className="studio-form" {...form}>
        <FormMessage message={formError} />
        <div className="field-row">
          <Field {...field("month")} label="Month" hint="For example JAN or January" type="text" autoComplete="off" />
          <Field {...field("date")} label="Day" hint="For example 14" type="text" inputMode="numeric" autoComplete="off" />
        </div>
        <Field {...field("name")} label="Event name" type="text" autoComplete="off" />
        <Field {...field("url")} label="Link (optional)" hint="A page of this site such as /blog, or a full web address" type="text" autoComplete="off" />
        <SubmitButton>{entry ? "Save" : "Add event"}</SubmitButton> <Link to={LIST}>Cancel</Link>
      </Form>
    </StudioPage>
  );
}
