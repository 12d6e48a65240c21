import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type AppLoadContext, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { notFound } from "~/kernel/http/answers.server";
import { formatMemberNumber } from "~/kernel/store/member-number";
import { formatIsoDay } from "~/kernel/dates/iso-day";
import { isErasedEmail } from "~/features/data-rights";
import { DECLARATION_MESSAGES, declarationPersonOf, declarationView, paperDeclarationSchema } from "~/features/gift-aid/declarations/declarations";
import { recordPaperDeclaration, ukToday } from "~/features/gift-aid/declarations/declarations.server";
import { declarationWording } from "~/features/gift-aid/declaration-wording";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => privatePageMeta(`Gift Aid: ${loaded?.member.name ?? "member"} | Back office`);

export const headers: HeadersFunction = () => privateHeaders();

const ERASED_MESSAGE = "This member was erased: no declaration can be recorded for them.";

async function loadMember(context: AppLoadContext, id: string) {
  const member = await context.store.members.getById(id);
  if (!member) throw notFound();
  return member;
}

/**
 * GET /accounts/members/:id/gift-aid: a member's Gift Aid declarations, and the form to enter a
 * signed paper declaration with the date written on it (docs/requirements.md §14, HMRC Chapter 3).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const member = await loadMember(context, String(params.id));
  const person = declarationPersonOf(member);
  const declarations = await context.store.giftAidDeclarations.listByPerson(member.id);
  return data(
    {
      member: { id: member.id, name: [formatMemberNumber(member.memberNumber), member.fullName].filter(Boolean).join(" ") },
      erased: isErasedEmail(member.email),
      person: [[person.title, person.fullName].filter(Boolean).join(" "), person.address.split("\n").join(", "), person.postcode].filter(Boolean).join(", "),
      declarations: declarations.map(declarationView),
      today: ukToday(),
      wording: declarationWording(),
    },
    { headers: privateHeaders() },
  );
}

/** POST: guard, parse (a real day, not in the future), record under the member's record name and address, log, back with a toast. */
export const action = storeSafeAction(async ({ request, params, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const member = await loadMember(context, String(params.id));
  const submission = parseWithZod(await request.formData(), { schema: paperDeclarationSchema(ukToday()) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  if (isErasedEmail(member.email)) return data(submission.reply({ formErrors: [ERASED_MESSAGE] }), { status: 409, headers: privateHeaders() });
  await recordPaperDeclaration(context, accountant, member, submission.value.givenOn);
  return redirectWithToast(context, `/accounts/members/${encodeURIComponent(member.id)}/gift-aid`, {
    kind: "success",
    message: DECLARATION_MESSAGES.paperRecorded,
  });
}, storeErrorReply);

export default function PaperDeclaration() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { errors, formError, form } = useFormReply(reply);
  return (
    <AdminPage title={`Gift Aid: ${page.member.name}`}>
      <p>
        <Link to={`/accounts/members/${encodeURIComponent(page.member.id)}`}>Back to the member</Link>
      </p>
      <h2>Declarations</h2>
      {page.declarations.length === 0 ? (
        <p className="declarations-empty">No Gift Aid declaration is recorded for this member.</p>
      ) : (
        <ul className="declarations-list">
          {page.declarations.map((d) => (
            <li key={d.id}>
              {`Given on ${d.givenOn}, ${d.phrase}: ${[d.name, d.address, d.postcode].filter(Boolean).join(", ")} (wording ${d.wordingVersion})`}
              {d.cancelled ? <strong>{` ${d.cancelled}.`}</strong> : null}
            </li>
          ))}
        </ul>
      )}
      <h2>Record a paper declaration</h2>
      {page.erased ? (
        <p>{ERASED_MESSAGE}</p>
      ) : (
        <Form method="post" noValidate className="paper-declaration-form" {...form}>
          <FormMessage message={formError} />
          <p>{`The declaration is recorded under the member's name and home address: ${page.person}. Correct the record first (Edit details) if the form gives others.`}</p>
          <p>{"The form must have the declaration's words:"}</p>
          <blockquote>
            {page.wording.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </blockquote>
          <Field
            id="givenOn"
            name="givenOn"
            type="date"
            label="Date on the form"
            max={page.today}
            hint={`Not after today, ${formatIsoDay(page.today)}. Payments from this day are covered.`}
            defaultValue={replyValue(reply, "givenOn")}
            error={errors.givenOn}
          />
          <Field
            id="declare"
            name="declare"
            type="checkbox"
            className="field-check"
            label="The form is signed and has the declaration's words."
            error={errors.declare}
          />
          <SubmitButton>Record the paper declaration</SubmitButton>
        </Form>
      )}
    </AdminPage>
  );
}
