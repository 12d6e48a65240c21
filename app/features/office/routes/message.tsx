import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { Field, FormMessage, fieldBinder, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { replySubject } from "~/features/office/contact-inbox";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { markMessageHandled, openInboxMessage, replyToMessage } from "~/features/office/contact-inbox.server";
import { messageActionSchema } from "~/features/office/contact-inbox-actions";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { noIndexHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";
import { notFound } from "~/kernel/http/answers.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => privatePageMeta(`${loaded?.message.subject || "Message"} | Messages | Back office`);

export const headers: HeadersFunction = loaderHeadersOnly;

/** One contact message, for accountants; opening it marks it read (docs/requirements.md §6.13). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const message = await openInboxMessage(context.store, params.id);
  if (!message) throw notFound();
  return data({ message }, { headers: noIndexHeaders() });
}

/** "Mark as handled" (with a note) or "Send reply", told apart by the form's intent. */
export const action = storeSafeAction(async ({ request, params, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const submission = parseWithZod(await request.formData(), { schema: messageActionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: noIndexHeaders() });
  const id = String(params.id);
  const value = submission.value;
  const toast =
    value.intent === "handled" ? await markMessageHandled(context, accountant, id, value.note) : await replyToMessage(context, accountant, id, value);
  if (!toast) throw notFound();
  return redirectWithToast(context, `/accounts/messages/${id}`, toast);
}, storeErrorReply);

export default function AccountsMessage() {
  const { message } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const location = useLocation();
  const { errors, formError, form } = useFormReply(reply);
  const field = fieldBinder("message", errors, (name) => replyValue(reply, name));

  return (
    <AdminPage title={message.subject || "(no subject)"}>
      <FormMessage message={formError} />
      <p>
        <Link to="/accounts/messages">Back to messages</Link>
      </p>
      <dl className="inbox-message-details">
        <dt>From</dt>
        <dd>{message.from}</dd>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${message.email}`}>{message.email}</a>
        </dd>
        <dt>Received</dt>
        <dd>{message.receivedAt}</dd>
      </dl>
      <div className="inbox-message-body" style={{ whiteSpace: "pre-wrap" }}>
        {message.notes}
      </div>

      <h2>Reply</h2>
      {message.replied ? <p className="inbox-replied">{`Replied on ${message.replied.at} by ${message.replied.by}.`}</p> : null}
      <Form key={`reply-${location.key}`} method="post" noValidate className="inbox-reply-form" {...form}>
        <input type="hidden" name="intent" value="reply" />
        <Field {...field("subject")} defaultValue={replyValue(reply, "subject") ?? replySubject(message.subject)} label="Subject" type="text" maxLength={200} />
        <Field {...field("body")} label="Your reply" hint={`Sent from the site to ${message.email}, with their message below it.`} as="textarea" rows={8} />
        <SubmitButton>Send reply</SubmitButton>
      </Form>

      <h2>Handled</h2>
      {message.handled ? (
        <p className="inbox-handled">{`Handled on ${message.handled.at} by ${message.handled.by}: ${message.handled.note}`}</p>
      ) : (
        <p>Not handled yet.</p>
      )}
      <Form key={`handled-${location.key}`} method="post" noValidate className="inbox-handled-form">
        <input type="hidden" name="intent" value="handled" />
        <Field {...field("note")} label="Note" hint="What was done, for the other accountants." as="textarea" rows={3} />
        <SubmitButton>Mark as handled</SubmitButton>
      </Form>
    </AdminPage>
  );
}
