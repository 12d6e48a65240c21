import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { StudioPage } from "~/features/studio/components";
import { requireAccountant, requireEditor } from "~/kernel/auth/auth.server";
import { FormMessage, SubmitButton, useFormReply, type FormReply } from "~/kernel/forms";
import { notFound } from "~/kernel/http/answers.server";
import { TablePager } from "~/kernel/layout/back-office/TablePager";
import { pageCount, readPageParam } from "~/kernel/store/paging";
import { privateHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { mailingReport, resendFailed } from "../index.server";
import { kindLabel, membersCount, STATUS_LABELS } from "../studio/mailing-fields";
import { audienceWords, statusLine } from "../studio/studio-mailings.server";
import mailingsStyles from "../components/mailings.css?url";
import { studioStatusStyles } from "~/features/studio/components";

export const meta: MetaFunction = () => privatePageMeta("Mailing report | Studio");
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: studioStatusStyles },
  { rel: "stylesheet", href: mailingsStyles },
];

/** Who could not be reached is paged, 50 a page, with the total (docs/requirements.md §13.6). */
const UNREACHABLE_PAGE = 50;
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
  let unreachable: {
    rows: Array<{ memberId: string; name: string; email: string; reason: string }>;
    total: number;
    page: number;
    pages: number;
  } | null = null;
  if (user.role === "accountant") {
    // The delivery rows carry the name and address the copy went to: no member is read per row.
    const wanted = readPageParam(new URL(request.url).searchParams.get("page"));
    const first = await context.store.mailingDeliveries.unreachable(mailing.id, { page: wanted - 1, pageSize: UNREACHABLE_PAGE });
    const pages = pageCount(first.total, UNREACHABLE_PAGE);
    // A page past the last (the list shrank after "send the failed again") shows the last.
    const shown = wanted > pages ? await context.store.mailingDeliveries.unreachable(mailing.id, { page: pages - 1, pageSize: UNREACHABLE_PAGE }) : first;
    unreachable = {
      rows: shown.rows.map((row) => ({
        memberId: row.memberId,
        name: row.firstName,
        email: row.email,
        reason: REASONS[row.status as keyof typeof REASONS] ?? row.status,
      })),
      total: shown.total,
      page: Math.min(wanted, pages),
      pages,
    };
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

/** The report's one button (accountants): "send the failed again". */
const USE_THE_BUTTONS = "Please use the page's buttons.";
const reportActionSchema = z.object({ intent: z.literal("resend-failed", { error: USE_THE_BUTTONS }) });

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAccountant(request, context);
  const mailing = await context.store.mailings.get(params.id ?? "");
  if (!mailing) throw notFound();
  const here = `/studio/mailings/${mailing.id}/report`;
  const submission = parseWithZod(await request.formData(), { schema: reportActionSchema });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [USE_THE_BUTTONS] }), { status: 400 });
  let count: number;
  try {
    count = await resendFailed(context, mailing.id, { id: user.id, fullName: user.fullName }, new Date());
  } catch (error) {
    // The store or the queue was out: nothing was lost (the failed rows stay failed), so say so
    // plainly and let the accountant try again (docs/requirements.md §13.6).
    console.error(`Mailing ${mailing.id}: "send the failed again" could not be done:`, error);
    return redirectWithToast(context, here, {
      kind: "error",
      message: "The failed copies could not be sent again just now. Nothing was lost: please try again in a few minutes.",
    });
  }
  return redirectWithToast(
    context,
    here,
    count
      ? { kind: "success", message: `Sending ${membersCount(count)} their copy again.` }
      : { kind: "info", message: "No copy had failed: nothing to send again." },
  );
}

export default function StudioMailingReport() {
  const page = useLoaderData<typeof loader>();
  const { formError, form } = useFormReply(useActionData<typeof action>() as FormReply | undefined);
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
          {page.unreachable.total === 0 ? (
            <p className="studio-empty">Nobody: every copy so far was sent or is waiting to be sent.</p>
          ) : (
            <>
              <p className="mailing-unreachable-total">
                {membersCount(page.unreachable.total)} could not be reached. Correct an address on the member&apos;s page.
              </p>
              <ul className="mailing-unreachable-list">
                {page.unreachable.rows.map((row) => (
                  <li key={row.memberId}>
                    <Link to={`/accounts/members/${row.memberId}`}>{row.name || row.email}</Link> · {row.email} · {row.reason}
                  </li>
                ))}
              </ul>
              <TablePager
                page={page.unreachable.page}
                pages={page.unreachable.pages}
                href={(to) => `/studio/mailings/${page.id}/report?page=${to}`}
                label="Pages of who could not be reached"
              />
            </>
          )}
          {page.failed > 0 ? (
            <Form method="post" className="mailing-resend" {...form}>
              <FormMessage message={formError} />
              <input type="hidden" name="intent" value="resend-failed" />
              <SubmitButton>Send the failed again</SubmitButton>
            </Form>
          ) : null}
        </section>
      ) : null}
    </StudioPage>
  );
}
