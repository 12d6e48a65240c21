import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountPanel } from "~/features/membership/components";
import { completeSecondStep, currentSessionId, requireUser, secondStepDone } from "~/kernel/auth/auth.server";
import { nowSeconds } from "~/kernel/store/ids";
import { roleHome } from "~/kernel/auth/role-home";
import { Field, FormMessage, SubmitButton, formMessageReply, useFormReply, type FormReply } from "~/kernel/forms";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { limited } from "~/kernel/http/answers.server";
import { loaderHeadersOnly, privateHeaders } from "~/kernel/http/response-headers";
import { safeRedirect } from "~/kernel/http/safe-redirect";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { TWO_STEP_MESSAGES, TWO_STEP_PATH, codeSchema, isStaff, mustSetUpFirst } from "~/features/two-step/two-step";
import { beginSetUp, confirmSetUp, renewRecoveryCodes, setUpView, staffTwoStepRequired, turnOff, twoStepStatus } from "~/features/two-step/two-step.server";

export const meta: MetaFunction = () => privatePageMeta("Two-step verification");

export const headers: HeadersFunction = loaderHeadersOnly;

/**
 * Two-step verification, the member's own (docs/requirements.md §2.10, docs/decisions/0071): turn it
 * on with an authenticator app (a QR code, or the secret typed by hand, then a first code), get
 * ten recovery codes once, make new ones, or turn it off. Any signed-in member may; staff are
 * sent here by the staff guards when the setting requires it (`?redirectTo=` is where they were going).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireUser(request, context);
  const [status, settingOn, done] = await Promise.all([twoStepStatus(context, member.id), staffTwoStepRequired(context), secondStepDone(request, context)]);
  const view = status.state === "waiting" ? await setUpView(context, member) : null;
  return data(
    {
      status: status.state === "waiting" && !view ? ({ state: "off" } as const) : status,
      view,
      required: mustSetUpFirst({ role: member.role, settingOn, secondStepDone: done }),
      // Staff may not turn it off while the setting requires it.
      mayTurnOff: !(isStaff(member.role) && settingOn),
      next: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), roleHome(member)),
    },
    { headers: privateHeaders() },
  );
}

type Intent = "begin" | "confirm" | "codes" | "off";
type Answer = (FormReply & { intent: Intent }) | { intent: "codes-shown"; recoveryCodes: string[]; next: string; first: boolean; othersSignedOut: number };

const reply = (intent: Intent, body: FormReply, status: number, retryAfter?: number) =>
  retryAfter ? limited({ ...body, intent }, retryAfter, privateHeaders()) : data({ ...body, intent }, { status, headers: privateHeaders() });

async function act({ request, context }: ActionFunctionArgs) {
  const member = await requireUser(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  const next = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), roleHome(member));

  if (intent === "begin") {
    const result = await beginSetUp(context, member);
    if (!result.ok) return reply(intent, formMessageReply(result.message), result.status);
    return redirect(request.url);
  }
  if (intent !== "confirm" && intent !== "codes" && intent !== "off") return reply("begin", formMessageReply(TWO_STEP_MESSAGES.setupExpired), 400);

  const submission = parseWithZod(form, { schema: codeSchema });
  if (submission.status !== "success") return reply(intent, submission.reply(), 400);
  const refuse = (result: { status: number; message: string; retryAfter?: number }) =>
    reply(intent, submission.reply({ fieldErrors: { code: [result.message] }, hideFields: ["code"] }), result.status, result.retryAfter);

  if (intent === "confirm") {
    const result = await confirmSetUp(context, member, submission.value.code);
    if (!result.ok) return refuse(result);
    // The code just given is this session's second step: staff may go on to their pages.
    await completeSecondStep(request, context);
    // Whoever else knew the password may be signed in elsewhere without a second step: those sessions end now (ADR 71).
    const current = await currentSessionId(request, context);
    const othersSignedOut = current ? await context.store.memberSessions.revokeAllBut(member.id, current, nowSeconds()) : 0;
    return data({ intent: "codes-shown" as const, recoveryCodes: result.recoveryCodes, next, first: true, othersSignedOut }, { headers: privateHeaders() });
  }
  if (intent === "codes") {
    const result = await renewRecoveryCodes(context, member, submission.value.code);
    if (!result.ok) return refuse(result);
    return data(
      { intent: "codes-shown" as const, recoveryCodes: result.recoveryCodes, next: TWO_STEP_PATH, first: false, othersSignedOut: 0 },
      { headers: privateHeaders() },
    );
  }
  if (isStaff(member.role) && (await staffTwoStepRequired(context))) return refuse({ status: 403, message: TWO_STEP_MESSAGES.staffMust });
  const result = await turnOff(context, member, submission.value.code);
  if (!result.ok) return refuse(result);
  return redirectWithToast(context, TWO_STEP_PATH, { kind: "success", message: TWO_STEP_MESSAGES.turnedOff });
}

/** A store outage answers the page again with one message (503); nothing was saved. */
export const action = storeSafeAction(act, storeErrorReply);

/** The ten codes, shown once: after set-up, and after "New recovery codes". */
function RecoveryCodes({ codes, next, first, othersSignedOut }: { codes: string[]; next: string; first: boolean; othersSignedOut: number }) {
  return (
    <AccountPanel id="recovery-codes-title" title={first ? "Two-step verification is on" : "New recovery codes"}>
      {first ? null : <p role="status">{TWO_STEP_MESSAGES.newCodes}</p>}
      {othersSignedOut > 0 ? <p role="status">{TWO_STEP_MESSAGES.othersSignedOut(othersSignedOut)}</p> : null}
      <p>
        If you lose your phone, each of these codes signs you in once instead of the app&apos;s code. Write them down or print this page, and keep them
        somewhere safe. <strong>They are shown only now.</strong>
      </p>
      <ol className="recovery-codes" data-recovery-codes>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p>
        <Link to={next} className="button">
          I have kept them: continue
        </Link>
      </p>
    </AccountPanel>
  );
}

/** One code field and its button, for the intent given. */
function CodeForm({
  intent,
  answer,
  label,
  button,
  hint,
  danger = false,
}: {
  intent: Intent;
  answer: Answer | undefined;
  label: string;
  button: string;
  hint?: string;
  danger?: boolean;
}) {
  const mine = answer && answer.intent === intent && "status" in answer ? answer : null;
  const { errors, formError, form } = useFormReply(mine);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" noValidate className="auth-form two-step-form" {...form}>
      <FormMessage message={formError} />
      <input type="hidden" name="intent" value={intent} />
      <Field
        id={`two-step-${intent}-code`}
        name="code"
        label={label}
        hint={hint}
        autoComplete="one-time-code"
        inputMode={intent === "off" ? undefined : "numeric"}
        error={errors.code}
      />
      <SubmitButton pending={pending} className={danger ? "button button-danger" : "button"}>
        {button}
      </SubmitButton>
    </Form>
  );
}

export default function TwoStepSetUp() {
  const { status, view, required, mayTurnOff, next } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const navigation = useNavigation();
  const beginning = navigation.state === "submitting" && navigation.formData?.get("intent") === "begin";
  const beginError = answer && answer.intent === "begin" && "status" in answer ? formMessageOf(answer) : undefined;

  return (
    <>
      <PageTitle title="Two-step verification" />
      <section className="section account-page">
        <div className="container">
          {answer && answer.intent === "codes-shown" ? (
            <RecoveryCodes codes={answer.recoveryCodes} next={answer.next} first={answer.first} othersSignedOut={answer.othersSignedOut} />
          ) : (
            <AccountPanel id="two-step-title" title="Two-step verification" action={{ to: "/account/security", label: "BACK", secondary: true }}>
              {required ? (
                <p className="two-step-required" role="status">
                  {TWO_STEP_MESSAGES.staffMust}
                </p>
              ) : null}
              {status.state === "on" ? (
                <>
                  <p data-two-step-state="on">
                    Two-step verification is <strong>on</strong>: after your password, you also enter a code from your authenticator app.
                  </p>
                  <p>{`Recovery codes left unused: ${status.unusedCodes} of 10.`}</p>
                  <h3>New recovery codes</h3>
                  <p>The old codes stop working. You need your app&apos;s current code.</p>
                  <CodeForm intent="codes" answer={answer} label="Code from your app" button="Make new recovery codes" />
                  <h3>Turn off</h3>
                  {mayTurnOff ? (
                    <>
                      <p>Your account will be protected by your password alone. Enter your app&apos;s code, or a recovery code.</p>
                      <CodeForm intent="off" answer={answer} label="Code from your app, or a recovery code" button="Turn off two-step verification" danger />
                    </>
                  ) : (
                    <p>
                      Staff must use two-step verification, so it cannot be turned off. A lost phone: use a recovery code, or ask another accountant to reset
                      it.
                    </p>
                  )}
                </>
              ) : view ? (
                <>
                  <p data-two-step-state="waiting">Three steps, once:</p>
                  <ol className="two-step-steps">
                    <li>
                      Install an authenticator app on your phone if you have none (for example Google Authenticator, Microsoft Authenticator or 2FAS; any app
                      for &quot;time-based codes&quot; works).
                    </li>
                    <li>
                      In the app, add an account and scan this QR code:
                      {/* The only raw HTML on the page: SVG markup made on the server by qrcode from our own
                          otpauth:// address (features/tickets/qr.server.ts); nothing typed by a user is in it. */}
                      <div className="two-step-qr" dangerouslySetInnerHTML={{ __html: view.qrSvg }} />
                      Or, if you cannot scan it, type this key into the app:
                      <p className="two-step-secret">
                        <code data-two-step-secret>{view.secret}</code>
                      </p>
                    </li>
                    <li>Enter the 6-digit code the app now shows.</li>
                  </ol>
                  <CodeForm intent="confirm" answer={answer} label="Code from your app" button="Turn on two-step verification" />
                  <Form method="post" className="two-step-again">
                    <input type="hidden" name="intent" value="begin" />
                    <SubmitButton className="button button-secondary" pending={beginning}>
                      Start again with a new key
                    </SubmitButton>
                  </Form>
                </>
              ) : (
                <>
                  <FormMessage message={beginError} />
                  <p data-two-step-state="off">
                    Two-step verification is <strong>off</strong>. Turn it on and signing in takes your password and a code from an app on your phone, so a
                    stolen password alone is not enough.
                  </p>
                  <Form method="post">
                    <input type="hidden" name="intent" value="begin" />
                    <SubmitButton pending={beginning}>Set up two-step verification</SubmitButton>
                  </Form>
                </>
              )}
              {required || status.state === "on" ? null : (
                <p className="auth-links">
                  <Link to={next}>Not now</Link>
                </p>
              )}
            </AccountPanel>
          )}
        </div>
      </section>
    </>
  );
}

/** The form message of a refused "begin" (already on). */
function formMessageOf(answer: FormReply): string | undefined {
  return answer.error?.[""]?.[0];
}
