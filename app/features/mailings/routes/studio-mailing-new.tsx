import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readPhotoField, writeWithNewPhoto } from "~/features/studio/index.server";
import { StudioPage } from "~/features/studio/components";
import { requireEditor } from "~/kernel/auth/auth.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { richTextFieldLinks } from "~/kernel/forms/RichTextField";
import { privateHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { MailingForm } from "../components/MailingForm";
import { ukDayAndTime } from "../studio/mailing-fields";
import { hadScript, mailingFormSchema } from "../studio/mailing-form";
import { createDraft, eventChoices, formValues } from "../studio/studio-mailings.server";
import mailingsStyles from "../components/mailings.css?url";
import { studioStatusStyles } from "~/features/studio/components";

export const meta: MetaFunction = () => privatePageMeta("New mailing | Studio");
export const links: LinksFunction = () => [
  ...richTextFieldLinks(),
  { rel: "stylesheet", href: studioStatusStyles },
  { rel: "stylesheet", href: mailingsStyles },
];

/** A new mailing to members (docs/requirements.md §13): a draft until it is sent. Editors and accountants. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  return data(
    { saved: formValues(null), events: await eventChoices(context), minDay: ukDayAndTime(Math.floor(Date.now() / 1000)).day },
    { headers: privateHeaders() },
  );
}

async function act({ request, context }: ActionFunctionArgs) {
  const user = await requireEditor(request, context);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: mailingFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const photo = await readPhotoField(context, form, "photo");
  if (!photo.ok) return data(submission.reply({ fieldErrors: { photo: [photo.message] } }), { status: photo.status });
  const now = Math.floor(Date.now() / 1000);
  const mailing = await writeWithNewPhoto(context, photo, createDraft(context, user, submission.value, photo.image, now));
  const message = hadScript(submission.value.body)
    ? "Draft saved. Something in the text that could run as a program was taken out: mailings carry words, links and pictures only."
    : "Draft saved. Nothing goes out until you send it.";
  return redirectWithToast(context, `/studio/mailings/${mailing.id}`, { kind: hadScript(submission.value.body) ? "info" : "success", message });
}

/** A store outage answers the form again, with what was typed and one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioMailingNew() {
  const { saved, events, minDay } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <StudioPage title="New mailing" parent={{ label: "Mailings", to: "/studio/mailings" }}>
      <MailingForm isNew saved={saved} photo={null} reply={reply} events={events} reach={null} minDay={minDay} />
    </StudioPage>
  );
}
