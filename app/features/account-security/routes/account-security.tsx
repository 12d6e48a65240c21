import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AccountPanel } from "~/features/membership/components";
import { FormMessage, SubmitButton, replyErrors, type FormReply } from "~/kernel/forms";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { confirmStep, type Confirmation } from "~/kernel/forms/confirm-step";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { currentSessionId, requireUser } from "~/kernel/auth/auth.server";
import { loaderHeadersOnly, noIndexHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { loadDevices, signOutDevice, signOutOtherDevices } from "~/features/account-security/sessions.server";
import {
  ALREADY_SIGNED_OUT,
  SIGN_OUT_INTENT,
  SIGN_OUT_OTHERS_INTENT,
  SIGN_OUT_OTHERS_QUESTION,
  SIGNED_OUT_ONE,
  sessionsActionSchema,
  signedOutOthers,
  type DeviceRow,
} from "~/features/account-security/sessions";
import { twoStepStatus } from "~/features/two-step/index.server";
import { TWO_STEP_PATH } from "~/features/two-step";
import securityStyles from "~/features/account-security/styles/security.css?url";

export const meta: MetaFunction = () => privatePageMeta("Sign-in and security");

export const headers: HeadersFunction = loaderHeadersOnly;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: securityStyles }];

const PATH = "/account/security";

/** The signed-in member's own devices (docs/decisions/0070-sessions-as-records.md): any role, only their own sessions. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireUser(request, context);
  const currentId = (await currentSessionId(request, context)) ?? "";
  const [devices, twoStep] = await Promise.all([loadDevices(context, member, currentId), twoStepStatus(context, member.id)]);
  return data({ devices, twoStep }, { headers: noIndexHeaders() });
}

type ActionAnswer = { reply: FormReply } | { confirm: Confirmation };

/** guard, parse, ask first (all others), sign out, redirect with a toast. A session id that is not the member's changes nothing. */
export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const member = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: sessionsActionSchema });
  if (submission.status !== "success") {
    return data<ActionAnswer>({ reply: submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }) }, { status: 400, headers: noIndexHeaders() });
  }
  const currentId = (await currentSessionId(request, context)) ?? "";
  const post = submission.value;
  if (post.intent === SIGN_OUT_INTENT) {
    const done = await signOutDevice(context, member, post.sessionId, currentId);
    return redirectWithToast(context, PATH, done ? { kind: "success", message: SIGNED_OUT_ONE } : { kind: "info", message: ALREADY_SIGNED_OUT });
  }
  if (!post.confirmed) return data<ActionAnswer>(confirmStep(SIGN_OUT_OTHERS_QUESTION, { intent: SIGN_OUT_OTHERS_INTENT }), { headers: noIndexHeaders() });
  const count = await signOutOtherDevices(context, member, currentId);
  return redirectWithToast(context, PATH, { kind: "success", message: signedOutOthers(count) });
}, storeErrorReply);

function DeviceDetails({ device, current }: { device: DeviceRow; current?: boolean }) {
  return (
    <>
      <p className="device-name">
        <strong>{device.device}</strong>
        {current ? <span className="device-this"> (This device)</span> : null}
      </p>
      <dl className="device-facts">
        <div>
          <dt>First seen</dt>
          <dd>{device.firstSeen}</dd>
        </div>
        <div>
          <dt>Last seen</dt>
          <dd>{device.lastSeen}</dd>
        </div>
        <div>
          <dt>Place</dt>
          <dd>{device.place}</dd>
        </div>
      </dl>
    </>
  );
}

export default function AccountSecurity() {
  const { devices, twoStep } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  // A post not understood answers { reply }, a store outage the reply itself (ADR 59).
  const formError = answer && !("confirm" in answer) ? replyErrors("reply" in answer ? answer.reply : answer)[""] : undefined;
  return (
    <>
      <PageTitle title="Sign-in and security" />
      <section className="section account-page">
        <div className="container">
          <AccountPanel id="devices-title" title="Signed-in devices" action={{ to: "/mem-account", label: "BACK", secondary: true }}>
            <FormMessage message={formError} />
            <p>These are the browsers signed in to your account. If you do not know one, sign it out and change your password.</p>
            <ul className="device-list">
              {devices.current ? (
                <li className="device device-current">
                  <DeviceDetails device={devices.current} current />
                </li>
              ) : null}
              {devices.others.map((device) => (
                <li key={device.id} className="device">
                  <DeviceDetails device={device} />
                  <Form method="post" className="device-sign-out">
                    <input type="hidden" name="intent" value={SIGN_OUT_INTENT} />
                    <input type="hidden" name="sessionId" value={device.id} />
                    <SubmitButton className="button button-secondary" aria-label={`Sign out ${device.device}, last seen ${device.lastSeen}`}>
                      Sign out
                    </SubmitButton>
                  </Form>
                </li>
              ))}
            </ul>
            {devices.others.length === 0 ? (
              <p className="device-empty">This is the only device signed in to your account.</p>
            ) : answer && "confirm" in answer ? (
              <ConfirmStep confirm={answer.confirm} cancelTo={location.pathname} yes="Yes, sign them out" titleId="sign-out-others-title" level={3} />
            ) : (
              <Form method="post" className="device-sign-out-others">
                <input type="hidden" name="intent" value={SIGN_OUT_OTHERS_INTENT} />
                <SubmitButton className="button button-secondary">Sign out all other devices</SubmitButton>
              </Form>
            )}
            <p>
              <Link to="/account/password">Change password</Link>
            </p>
          </AccountPanel>
          {/* Two-step verification (ADR 71): where it stands, and its own page. */}
          <AccountPanel id="two-step-title" title="Two-step verification">
            {twoStep.state === "on" ? (
              <p data-two-step-status="on">{`On: signing in takes your password and a code from your authenticator app. Recovery codes left unused: ${twoStep.unusedCodes} of 10.`}</p>
            ) : (
              <p data-two-step-status="off">
                Off: signing in takes your password alone. Add a code from an app on your phone, so a stolen password is not enough.
              </p>
            )}
            <p>
              <Link to={TWO_STEP_PATH} className="button button-secondary">
                {twoStep.state === "on" ? "Manage two-step verification" : "Set up two-step verification"}
              </Link>
            </p>
          </AccountPanel>
        </div>
      </section>
    </>
  );
}
