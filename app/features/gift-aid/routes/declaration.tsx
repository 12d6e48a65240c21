import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { Field, FormMessage, SubmitButton, fieldBinder, replyErrors, replyValue, type FormReply } from "~/kernel/forms";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { notFound } from "~/kernel/http/answers.server";
import { actionOrLoaderHeaders, noIndexHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import giftAidStyles from "../components/gift-aid.css?url";
import { CORRECTION_SAVED, claimPagePath, correctionSchema, periodSchema } from "../screens/screens";
import { correctDeclaration, loadDeclaration } from "../screens/screens.server";

export const meta: MetaFunction = () => privatePageMeta("Correct a Gift Aid declaration | Back office");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: giftAidStyles }];
export const headers: HeadersFunction = actionOrLoaderHeaders;

/** The claim page to go back to: the period in the address (`?from&to`) when it reads, else the default one. */
function backTo(request: Request): string {
  const period = periodSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return claimPagePath(period.success ? period.data : undefined);
}

/**
 * A declaration's name and address corrected by an accountant (docs/requirements.md §14, ADR 74):
 * what a claim's problem asks for (no house number, a postcode HMRC refuses, a name too long).
 * The declaration keeps when and how it was given; the correction is recorded with who made it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const found = await loadDeclaration(context, String(params.id));
  if (!found) throw notFound();
  const { declaration } = found;
  return data(
    {
      whose: found.whose,
      given: found.given,
      values: { title: declaration.title, fullName: declaration.fullName, address: declaration.address, postcode: declaration.postcode },
      back: backTo(request),
    },
    { headers: noIndexHeaders() },
  );
}

export const action = storeSafeAction(async ({ request, params, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const found = await loadDeclaration(context, String(params.id));
  if (!found) throw notFound();
  const submission = parseWithZod(await request.formData(), { schema: correctionSchema });
  if (submission.status !== "success") return data(submission.reply() as FormReply, { status: 400, headers: noIndexHeaders() });
  await correctDeclaration(context, accountant, found.declaration, submission.value);
  return redirectWithToast(context, backTo(request), { kind: "success", message: CORRECTION_SAVED });
}, storeErrorReply);

export default function GiftAidDeclarationCorrection() {
  const { whose, given, values, back } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  const location = useLocation();
  const errors = replyErrors(reply);
  const field = fieldBinder<keyof typeof values>("declaration", errors, (name) => replyValue(reply, name) ?? values[name]);

  return (
    <AdminPage title="Correct a Gift Aid declaration">
      <p>
        <Link to={back}>Back to the claim</Link>
      </p>
      <p className="gift-aid-whose">{`${whose}, from ${given}.`}</p>
      <p>Correct the name and home address as the person gave them, so that HMRC can match the gift. When and how the declaration was given stays as it was.</p>
      <FormMessage message={errors[""]} />
      <Form method="post" action={`${location.pathname}${location.search}`} noValidate className="gift-aid-correction">
        <Field {...field("title")} label="Title (optional)" hint="At most 4 characters, like Mr, Mrs, Ms, Dr." autoComplete="off" />
        <Field {...field("fullName")} label="Full name" autoComplete="off" />
        <Field {...field("address")} as="textarea" rows={4} label="Home address" hint="Starting with the house name or number, one line each." />
        <Field {...field("postcode")} label="Postcode" hint="Like SW1A 1AA." autoComplete="off" />
        <SubmitButton>Save the correction</SubmitButton>
      </Form>
    </AdminPage>
  );
}
