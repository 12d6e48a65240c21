import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { StudioPage } from "~/features/studio/components";
import { requireEditor } from "~/kernel/auth/auth.server";
import { SubmitButton } from "~/kernel/forms";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { richTextFieldLinks } from "~/kernel/forms/RichTextField";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { notFound } from "~/kernel/http/answers.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { reachableCount } from "../index.server";
import { MailingForm } from "../components/MailingForm";
import { MailingPreview } from "../components/MailingPreview";
import { hasStarted, kindLabel, membersCount, STATUS_LABELS, ukDayAndTime } from "../studio/mailing-fields";
import { mailingPost } from "../studio/mailing-post.server";
import { audienceWords, eventChoices, formValues, statusLine } from "../studio/studio-mailings.server";
import mailingsStyles from "../components/mailings.css?url";
import { studioStatusStyles } from "~/features/studio/components";

export const meta: MetaFunction = () => privatePageMeta("Mailing | Studio");
export const links: LinksFunction = () => [
  ...richTextFieldLinks(),
  { rel: "stylesheet", href: studioStatusStyles },
  { rel: "stylesheet", href: mailingsStyles },
];

/**
 * One mailing in the studio (docs/requirements.md §13): its draft, who it reaches (a count, never
 * names), its preview at phone and desktop width, and sending it; read-only once it started.
 * `?send` asks before sending (the step that works without JavaScript). Editors and accountants.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const mailing = await context.store.mailings.get(params.id ?? "");
  if (!mailing) throw notFound();
  const now = new Date();
  const started = hasStarted(mailing);
  const reach = started ? 0 : await reachableCount(context, mailing.kind, mailing.audience, now);
  const asksToSend = !started && new URL(request.url).searchParams.has("send");
  return data(
    {
      id: mailing.id,
      subject: mailing.subject,
      status: mailing.status,
      statusLabel: STATUS_LABELS[mailing.status],
      statusLine: statusLine(mailing),
      started,
      scheduled: mailing.status === "scheduled",
      kind: kindLabel(mailing.kind),
      audience: await audienceWords(context, mailing.audience),
      saved: formValues(mailing),
      photo: mailing.photo?.path ? mailing.photo : null,
      events: started ? [] : await eventChoices(context),
      reach: started ? null : `As saved, it reaches ${membersCount(reach)} now. Save to count again after changing who gets it.`,
      reachCount: reach,
      confirmSend:
        asksToSend && reach > 0 ? `Send \u201c${mailing.subject}\u201d now to ${membersCount(reach)}? Once it starts it cannot be stopped or changed.` : null,
      minDay: ukDayAndTime(Math.floor(now.getTime() / 1000)).day,
    },
    { headers: privateHeaders() },
  );
}

async function act({ request, params, context }: ActionFunctionArgs) {
  const user = await requireEditor(request, context);
  const existing = await context.store.mailings.get(params.id ?? "");
  if (!existing) throw notFound();
  return mailingPost(context, request, user, existing);
}

/** A store outage answers the form again, with what was typed and one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioMailing() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const here = `/studio/mailings/${page.id}`;
  return (
    <StudioPage title={page.started ? page.subject || "Mailing" : "Edit mailing"} parent={{ label: "Mailings", to: "/studio/mailings" }}>
      {page.confirmSend ? (
        <ConfirmStep confirm={{ question: page.confirmSend, fields: { intent: "send" } }} cancelTo={here} yes="Yes, send it now" titleId="confirm-send-title" />
      ) : null}
      <p className="mailing-status">
        <span className={`studio-status studio-status-${page.status}`}>{page.statusLabel}</span> {page.statusLine}
      </p>
      {page.started ? (
        <section className="mailing-readonly" aria-labelledby="mailing-readonly-title">
          <h2 id="mailing-readonly-title">It has started sending</h2>
          <p>It cannot be changed any more. Here is what was sent.</p>
          <dl className="mailing-facts">
            <dt>Kind</dt>
            <dd>{page.kind}</dd>
            <dt>Audience</dt>
            <dd>{page.audience}</dd>
          </dl>
          <p>
            <Link className="button" to={`${here}/report`}>
              See the report
            </Link>
          </p>
        </section>
      ) : (
        <>
          {page.scheduled ? (
            <Form method="post" className="mailing-unschedule">
              <input type="hidden" name="intent" value="unschedule" />
              <SubmitButton className="button button-secondary">Cancel the schedule</SubmitButton>
            </Form>
          ) : null}
          <MailingForm
            key={page.id}
            isNew={false}
            saved={page.saved}
            photo={page.photo}
            reply={reply}
            events={page.events}
            reach={page.reach}
            minDay={page.minDay}
          />
        </>
      )}
      <MailingPreview src={`${here}/preview`} sent={page.started} />
    </StudioPage>
  );
}
