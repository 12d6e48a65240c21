import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { StudioPage } from "~/features/studio/components";
import { requireAccountant, requireEditor } from "~/kernel/auth/auth.server";
import { SubmitButton } from "~/kernel/forms";
import { storeSafeAction } from "~/kernel/forms/store-errors.server";
import { notFound } from "~/kernel/http/answers.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { mailingReport, resendFailed } from "../index.server";
import { kindLabel, membersCount, STATUS_LABELS } from "../studio/mailing-fields";
import { audienceWords, statusLine } from "../studio/studio-mailings.server";
import mailingsStyles from "../components/mailings.css?url";

export const meta: MetaFunction = () => privatePageMeta("Mailing report | Studio");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: mailingsStyles }];

const UNREACHABLE_PAGE = 100;
const REASONS = { failed: "Could not be sent", bounced: "Address bounced", complained: "Marked it as spam" } as const;

/**
 * A mailing's report (docs/requirements.md §13): how many copies were queued, sent, failed,
 * bounced or complained, how many unsubscribed because of it, and how many are still waiting.
 * No opens or clicks are tracked. Accountants only also see who could not be reached (their
 * records are theirs to correct) and may send the failed copies again; editors never see a name
 * or an address.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireEditor(request, context);
  const mailing = await context.store.mailings.get(params.id ?? "");
  if (!mailing) throw notFound();
  const counts = await mailingReport(context, mailing.id);
  let unreachable: Array<{ memberId: string; name: string; email: string; reason: string }> | null = null;
  if (user.role === "accountant") {
    const page = await context.store.mailingDeliveries.unreachable(mailing.id, { page: 0, pageSize: UNREACHABLE_PAGE });
    unreachable = await Promise.all(
      page.rows.map(async (row) => {
        const member = await context.store.members.getById(row.memberId);
        return {
          memberId: row.memberId,
          name: member?.fullName ?? row.firstName,
          email: row.email,
          reason: REASONS[row.status as keyof typeof REASONS] ?? row.status,
        };
      }),
    );
  }
  return data(
    {
      id: mailing.id,
      subject: mailing.subject,
      kind: kindLabel(mailing.kind),
      audience: await audienceWords(context, mailing.audience),
      status: mailing.status,
      statusLabel: STATUS_LABELS[mailing.status],
      statusLine: statusLine(mailing),
      rows: [
        { key: "queued", label: "Queued to send", value: counts.waiting + counts.sent + counts.failed + counts.bounced + counts.complained },
        { key: "sent", label: "Sent", value: counts.sent },
        { key: "waiting", label: "Waiting to send", value: counts.waiting },
        { key: "failed", label: "Failed", value: counts.failed },
        { key: "bounced", label: "Bounced (the address does not work)", value: counts.bounced },
        { key: "complained", label: "Marked as spam", value: counts.complained },
        { key: "unsubscribed", label: "Unsubscribed because of it", value: counts.unsubscribed },
      ],
      failed: counts.failed,
      unreachable,
    },
    { headers: privateHeaders() },
  );
}

async function act({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAccountant(request, context);
  const mailing = await context.store.mailings.get(params.id ?? "");
  if (!mailing) throw notFound();
  const here = `/studio/mailings/${mailing.id}/report`;
  const form = await request.formData();
  if (form.get("intent") !== "resend-failed") return redirectWithToast(context, here, { kind: "error", message: "Please use the page's buttons." });
  const count = await resendFailed(context, mailing.id, { id: user.id, fullName: user.fullName }, new Date());
  return redirectWithToast(
    context,
    here,
    count
      ? { kind: "success", message: `Sending ${membersCount(count)} their copy again.` }
      : { kind: "info", message: "No copy had failed: nothing to send again." },
  );
}

export const action = storeSafeAction(act, () => null);

export default function StudioMailingReport() {
  const page = useLoaderData<typeof loader>();
  return (
    <StudioPage title={`Report: ${page.subject || "Mailing"}`} parent={{ label: "Mailings", to: "/studio/mailings" }}>
      <p className="mailing-status">
        <span className={`studio-status studio-status-${page.status}`}>{page.statusLabel}</span> {page.statusLine}
      </p>
      <p className="studio-intro">
        {page.kind} to {page.audience.charAt(0).toLowerCase() + page.audience.slice(1)}. <Link to={`/studio/mailings/${page.id}`}>See the mailing</Link>
      </p>
      <table className="mailing-counts">
        <caption>Copies of this mailing</caption>
        <tbody>
          {page.rows.map((row) => (
            <tr key={row.key} data-count={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.value.toLocaleString("en-GB")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="field-hint">Opens and clicks are not tracked: members are not followed around.</p>
      {page.unreachable ? (
        <section className="mailing-unreachable" aria-labelledby="mailing-unreachable-title">
          <h2 id="mailing-unreachable-title">Who could not be reached</h2>
          {page.unreachable.length === 0 ? (
            <p className="studio-empty">Nobody: every copy so far was sent or is waiting to be sent.</p>
          ) : (
            <ul className="mailing-unreachable-list">
              {page.unreachable.map((row) => (
                <li key={row.memberId}>
                  <Link to={`/accounts/members/${row.memberId}`}>{row.name}</Link> · {row.email} · {row.reason}
                </li>
              ))}
            </ul>
          )}
          {page.failed > 0 ? (
            <Form method="post" className="mailing-resend">
              <input type="hidden" name="intent" value="resend-failed" />
              <SubmitButton>Send the failed again</SubmitButton>
            </Form>
          ) : null}
        </section>
      ) : null}
    </StudioPage>
  );
}
