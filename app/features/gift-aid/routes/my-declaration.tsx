import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountPanel } from "~/features/membership/components";
import { Field, FormMessage, SubmitButton, replyErrors, type FormReply } from "~/kernel/forms";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { confirmStep, type Confirmation } from "~/kernel/forms/confirm-step";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireUser } from "~/kernel/auth/auth.server";
import { loaderHeadersOnly, noIndexHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import {
  CANCEL_INTENT,
  DECLARATION_MESSAGES,
  GIVE_INTENT,
  cancelQuestion,
  myDeclarationSchema,
  type DeclarationView,
} from "~/features/gift-aid/declarations/declarations";
import { cancelOwnDeclarations, giveOwnDeclaration, ukToday } from "~/features/gift-aid/declarations/declarations.server";
import { loadMyDeclaration } from "~/features/gift-aid/declarations/my-declaration.server";

export const meta: MetaFunction = () => privatePageMeta("Gift Aid declaration");

export const headers: HeadersFunction = loaderHeadersOnly;

const PATH = "/account/gift-aid";

/** The signed-in member's own Gift Aid declaration (docs/requirements.md §14): the id comes from the session, never from the URL or the form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireUser(request, context);
  return data(await loadMyDeclaration(context, member), { headers: noIndexHeaders() });
}

type ActionAnswer = FormReply | { confirm: Confirmation };

/** guard, parse, (cancel: ask first), change, redirect with a toast. */
export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const member = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: myDeclarationSchema });
  if (submission.status !== "success") return data<ActionAnswer>(submission.reply(), { status: 400, headers: noIndexHeaders() });
  const post = submission.value;
  if (post.intent === GIVE_INTENT) {
    const outcome = await giveOwnDeclaration(context, member);
    return redirectWithToast(
      context,
      PATH,
      outcome === "given" ? { kind: "success", message: DECLARATION_MESSAGES.given } : { kind: "info", message: DECLARATION_MESSAGES.alreadyGiven },
    );
  }
  // Cancelling stops claims on later payments: asked first, set apart from the page (docs/decisions/0028).
  if (!post.confirmed) return data<ActionAnswer>(confirmStep(cancelQuestion(ukToday()), { intent: CANCEL_INTENT }), { headers: noIndexHeaders() });
  const outcome = await cancelOwnDeclarations(context, member);
  return redirectWithToast(
    context,
    PATH,
    outcome === "cancelled" ? { kind: "success", message: DECLARATION_MESSAGES.cancelled } : { kind: "info", message: DECLARATION_MESSAGES.nothingToCancel },
  );
}, storeErrorReply);

function DeclarationFacts({ declaration }: { declaration: DeclarationView }) {
  const rows: Array<[string, string]> = [
    ["Given on", declaration.givenOn],
    ["How", declaration.how],
    ["Name", declaration.name],
    ["Home address", [declaration.address, declaration.postcode].filter(Boolean).join(", ")],
    ["Wording", declaration.wordingVersion],
    ...(declaration.cancelled ? [["Cancelled", declaration.cancelled] as [string, string]] : []),
  ];
  return (
    <dl className="account-details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function MyGiftAidDeclaration() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const confirm = answer && "confirm" in answer ? answer.confirm : null;
  const errors = answer && !("confirm" in answer) ? replyErrors(answer) : {};
  return (
    <>
      <PageTitle title="Gift Aid declaration" />
      <section className="section account-page">
        <div className="container">
          <AccountPanel id="gift-aid-title" title="Gift Aid declaration" action={{ to: "/mem-account", label: "BACK", secondary: true }}>
            <FormMessage message={errors[""]} />
            {page.inForce ? (
              <>
                <p data-declaration="in-force">Your Gift Aid declaration is in force: the association can claim Gift Aid on your payments.</p>
                <DeclarationFacts declaration={page.inForce} />
                {page.inForceHasWording ? (
                  <>
                    <h3>The declaration you gave</h3>
                    {page.wording.map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </>
                ) : (
                  <p>You gave it with the words of the sign-up form at the time.</p>
                )}
                <p>{page.notes}</p>
                {confirm ? (
                  <ConfirmStep confirm={confirm} cancelTo={PATH} yes="Yes, cancel my declaration" titleId="cancel-declaration-title" level={3} />
                ) : (
                  <Form method="post" className="declaration-cancel">
                    <input type="hidden" name="intent" value={CANCEL_INTENT} />
                    <SubmitButton className="button button-secondary">Cancel my Gift Aid declaration</SubmitButton>
                  </Form>
                )}
              </>
            ) : (
              <>
                <p data-declaration="none">
                  {page.lastCancelled
                    ? `You have no Gift Aid declaration in force: you cancelled it on ${page.lastCancelled.cancelledOn}. Payments after that day are not claimed.`
                    : "You have no Gift Aid declaration in force."}
                </p>
                <h3>Give a Gift Aid declaration</h3>
                <Form method="post" noValidate className="declaration-give">
                  <input type="hidden" name="intent" value={GIVE_INTENT} />
                  {page.wording.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                  <p>{page.notes}</p>
                  <p>
                    {`Given under your name and home address: ${[page.person.name, page.person.address, page.person.postcode].filter(Boolean).join(", ")}. `}
                    <Link to="/amend-account">Change them on Edit Account</Link> first if they are not right.
                  </p>
                  <Field
                    id="declare"
                    name="declare"
                    type="checkbox"
                    className="field-check"
                    label="I give this Gift Aid declaration, from today."
                    error={errors.declare}
                  />
                  <SubmitButton>Give a Gift Aid declaration</SubmitButton>
                </Form>
              </>
            )}
          </AccountPanel>
        </div>
      </section>
    </>
  );
}
