import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { currentYear } from "~/kernel/dates/dates";
import { FormMessage, SubmitButton, replyErrors } from "~/kernel/forms";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { notFound } from "~/kernel/http/answers.server";
import { loaderHeadersOnly, privateHeaders } from "~/kernel/http/response-headers";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import type { ShellData } from "~/kernel/layout/shell-data";
import { CopyField } from "~/features/office/components/CopyField";
import { memberActionValue } from "~/features/office/member-action-value";
import { memberPagePath, type PageAction } from "~/features/office/member-page-actions";
import { answerMemberPageButton, loadMemberPage, type MemberPageConfirm } from "~/features/office/member-page.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => privatePageMeta(`${loaded?.name ?? "Member"} | Dashboard`);

export const headers: HeadersFunction = loaderHeadersOnly;

/** One member's page (docs/requirements.md §6.3.1, ADR 66): accountants only; an unknown id is the 404 page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const accountant = await requireAccountant(request, context);
  const view = await loadMemberPage(context, String(params.id), accountant.id, currentYear());
  if (!view) throw notFound(privateHeaders());
  return data(view, { headers: privateHeaders() });
}

/** A Money, Membership or Danger button: asks first where it must, then changes and comes back here with a toast. */
export const action = storeSafeAction(async ({ request, params, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  return answerMemberPageButton(context, request, accountant, String(params.id));
}, storeErrorReply);

/** A "label: value" list; an empty value reads as a dash. */
function Facts({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="member-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section className={`member-section${className ? ` ${className}` : ""}`} aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** The page's buttons: a link to a page of its own, or a post of `do=<action>:<id>` to this page. */
function ActionButtons({ actions, memberId, danger = false }: { actions: PageAction[]; memberId: string; danger?: boolean }) {
  const navigation = useNavigation();
  const posting = navigation.state === "submitting" ? navigation.formData?.get("do") : null;
  return (
    <ul className="member-actions" data-actions>
      {actions.map((action) => (
        <li key={action.key} data-action={action.key}>
          {action.kind === "link" ? (
            <Link to={action.href} className={`button${danger ? " button-danger" : " button-secondary"}`}>
              {action.label}
            </Link>
          ) : (
            <Form method="post" replace>
              <SubmitButton
                name="do"
                value={memberActionValue(action.action, memberId)}
                className={`button${danger ? " button-danger" : ""}`}
                pending={posting === memberActionValue(action.action, memberId)}
              >
                {action.label}
              </SubmitButton>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

/** "Send receipt again": a small post to the payments feature, which comes back here with a toast. */
function ResendReceipt({ action, back }: { action: string; back: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className="member-inline-form">
      <input type="hidden" name="redirectTo" value={back} />
      <SubmitButton className="button-link" pending={pending} pendingText="Sending...">
        Send receipt again
      </SubmitButton>
    </Form>
  );
}

export default function MemberPage() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const back = memberPagePath(view.id);
  const confirm = answer && "confirm" in answer ? (answer as MemberPageConfirm).confirm : null;
  const formError = answer && !confirm ? replyErrors(answer as Parameters<typeof replyErrors>[0])[""] : undefined;
  const { actions } = view;
  // The payment link sent from Money or Membership, to pass on by hand too (its toast carries it; the page shows it, as the members table did).
  const copy = useRouteLoaderData<{ shell: ShellData }>("root")?.shell?.toast?.copy;

  return (
    <AdminPage title={view.name} parent={{ label: "Members", to: "/accounts" }}>
      <div className="member-page">
        <p className="member-standing">
          <span className={`member-status member-status-${view.status.toLowerCase().replace(/\s+/g, "-")}`}>{view.status}</span> {view.number}
        </p>
        {view.status === "Erased" ? (
          <p className="member-note">
            This member was erased: their personal details are gone and nothing more can be done with the record. Payments and tickets stay for the accounts
            under this name.
          </p>
        ) : null}
        {view.rejectedReason !== null ? <p className="member-note">{`The application was rejected: ${view.rejectedReason}`}</p> : null}
        <FormMessage message={formError} />
        {copy ? <CopyField label={copy.label} value={copy.value} /> : null}
        {confirm ? (
          <div className="member-confirm">
            <ConfirmStep confirm={{ question: confirm.explains, fields: confirm.fields }} cancelTo={back} yes={confirm.label} titleId="member-confirm-title" />
          </div>
        ) : null}

        <div className="member-columns">
          <Section id="details" title="Details">
            <Facts rows={view.details} />
            {actions.theirData ? (
              <p>
                <Link to={view.dataHref}>Their data</Link> (everything held about them, to read or download)
              </p>
            ) : null}
            {actions.theirData ? (
              <p>
                <Link to={view.giftAidHref}>Gift Aid declarations</Link> (see them, or record a paper declaration)
              </p>
            ) : null}
          </Section>

          <Section id="household" title="Household">
            {view.spouse ? <Facts rows={view.spouse} /> : <p>No spouse recorded.</p>}
            {view.children.length > 0 ? (
              <ul className="member-list">
                {view.children.map((child) => (
                  <li key={child}>{child}</li>
                ))}
              </ul>
            ) : (
              <p>No children recorded.</p>
            )}
            <h3>Consents</h3>
            <Facts rows={view.consents} />
          </Section>
        </div>

        <Section id="money" title="Money">
          {actions.money.length > 0 ? <ActionButtons actions={actions.money} memberId={view.id} /> : null}
          <h3>Payments</h3>
          {view.payments.length === 0 ? (
            <p>No payments yet.</p>
          ) : (
            <ul className="member-cards">
              {view.payments.map((payment) => (
                <li key={payment.id} className="member-card" data-payment={payment.id}>
                  <p className="member-card-title">
                    <strong>{payment.title}</strong> {payment.amount}
                  </p>
                  <p>
                    {`${payment.status}, ${payment.date}, ${payment.method}`}
                    {payment.refunded ? `. ${payment.refunded}` : ""}
                  </p>
                  {payment.receiptHref || payment.refundHref || payment.resendReceiptAction ? (
                    <div className="member-card-actions">
                      {payment.receiptHref ? <Link to={payment.receiptHref}>Receipt</Link> : null}
                      {payment.refundHref ? <Link to={payment.refundHref}>Refund</Link> : null}
                      {payment.resendReceiptAction ? <ResendReceipt action={payment.resendReceiptAction} back={back} /> : null}
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Section>

        {actions.membership.length > 0 ? (
          <Section id="membership" title="Membership">
            <ActionButtons actions={actions.membership} memberId={view.id} />
          </Section>
        ) : null}

        <Section id="tickets" title="Tickets">
          {view.tickets.length === 0 ? (
            <p>No tickets.</p>
          ) : (
            <ul className="member-cards">
              {view.tickets.map((ticket) => (
                <li key={ticket.id} className="member-card">
                  <p className="member-card-title">
                    <strong>{ticket.heading}</strong> {ticket.code}
                  </p>
                  <p>{`${ticket.price}, ${ticket.paid}. ${ticket.admitted}.`}</p>
                  {ticket.people.length > 0 ? (
                    <ul className="member-list">
                      {ticket.people.map((person, index) => (
                        <li key={index}>{`${person.name} (${person.type}): ${person.admittedAt ? `admitted ${person.admittedAt}` : "not admitted yet"}`}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="emails" title="E-mails sent to them">
          {view.emails.length === 0 ? (
            <p>No e-mails sent to them are kept.</p>
          ) : (
            <ul className="member-list">
              {view.emails.map((email) => (
                <li key={email.id}>
                  {`${email.date}: `}
                  <Link to={email.href}>{email.subject}</Link>
                  {` (${email.status})`}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="activity" title="Activity">
          {view.activity.length === 0 ? (
            <p>Nothing recorded about them yet.</p>
          ) : (
            <>
              {view.activityCut ? (
                <p>
                  The {view.activity.length} most recent, newest first; the <Link to="/accounts/activity">activity log</Link> has the rest.
                </p>
              ) : null}
              <ul className="member-list">
                {view.activity.map((entry) => (
                  <li key={entry.id}>
                    {`${entry.when}: ${entry.what}`}
                    {entry.change ? ` (${entry.change})` : ""}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Section>

        {actions.danger.length > 0 ? (
          <Section id="danger" title="Danger" className="member-danger">
            <p>These remove the member or change what they may do. Each one asks first and says what will happen.</p>
            <ActionButtons actions={actions.danger} memberId={view.id} danger />
          </Section>
        ) : null}
      </div>
    </AdminPage>
  );
}
