import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { FormMessage, SubmitButton, replyErrors } from "~/kernel/forms";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { buttonPostSchema } from "~/kernel/forms/button-post-form";
import { ERASURE_KEEPS, ERASURE_REMOVES, erasedName, erasureRefusal } from "~/features/data-rights/erasure";
import { formatMemberNumber } from "~/kernel/store/member-number";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { recordActivity } from "~/kernel/activity/activity.server";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";
import { eraseMember } from "~/features/data-rights/data-rights.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { notFound } from "~/kernel/http/answers.server";

export const meta: MetaFunction = () => privatePageMeta("Erase member | Back office");

export const headers: HeadersFunction = loaderHeadersOnly;

/**
 * GET /accounts/members/:id/erase: the confirmation step of "Erase" (docs/requirements.md §8.3,
 * ADR 0056), a page of its own so it works without JavaScript: what goes, what stays.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const accountant = await requireAccountant(request, context);
  const member = await context.store.members.getById(String(params.id));
  if (!member) throw notFound();
  return data(
    {
      id: member.id,
      name: [formatMemberNumber(member.memberNumber), member.fullName].filter(Boolean).join(" "),
      pseudonym: erasedName(member.id),
      refusal: erasureRefusal(member, accountant.id),
    },
    { headers: privateHeaders() },
  );
}

/** POST: erase, record it (by the pseudonym only) and go back to the members table. */
export const action = storeSafeAction(async ({ request, params, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const submission = parseWithZod(await request.formData(), { schema: buttonPostSchema });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }), { status: 400, headers: privateHeaders() });
  const member = await context.store.members.getById(String(params.id));
  if (!member) throw notFound();
  const outcome = await eraseMember(context, member, accountant.id);
  if (!outcome.ok) return data(submission.reply({ formErrors: [outcome.message] }), { status: 409, headers: privateHeaders() });
  await recordActivity(context, accountant, { kind: "member-erased", memberId: member.id, pseudonym: outcome.pseudonym });
  return redirectWithToast(context, "/accounts", { kind: "success", message: `Erased. The member's payments and tickets are kept as "${outcome.pseudonym}".` });
}, storeErrorReply);

export default function EraseMember() {
  const { id, name, pseudonym, refusal } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const formError = replyErrors(reply)[""];
  return (
    <AdminPage title="Erase member">
      <FormMessage message={formError ?? refusal ?? undefined} />
      <p>
        <strong>{name}</strong> asked for their personal data to be erased. This cannot be undone.
      </p>
      <h2>What will be removed</h2>
      <ul>
        {ERASURE_REMOVES.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h2>What stays</h2>
      <ul>
        {ERASURE_KEEPS.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        From now on they are shown as <strong>{pseudonym}</strong>. They can no longer sign in.
      </p>
      <p>
        <Link to={`/accounts/members/${id}/data`}>See their data first</Link> (you can download a copy for them).
      </p>
      {refusal ? null : (
        <Form method="post" className="confirm-step-buttons">
          <SubmitButton>Yes, erase this member</SubmitButton>
          <Link to="/accounts" className="button button-secondary">
            Cancel
          </Link>
        </Form>
      )}
    </AdminPage>
  );
}
