import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { StudioPage } from "~/features/studio/components";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { hasStarted, kindLabel, STATUS_LABELS } from "../studio/mailing-fields";
import { audienceWords, statusLine } from "../studio/studio-mailings.server";
import mailingsStyles from "../components/mailings.css?url";
import { studioStatusStyles } from "~/features/studio/components";

export const meta: MetaFunction = () => privatePageMeta("Mailings | Studio");
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: studioStatusStyles },
  { rel: "stylesheet", href: mailingsStyles },
];

/**
 * The studio's member mailings (docs/requirements.md §13): every mailing, newest first, with its
 * kind, status and time, and its report. Editors and accountants.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const page = await context.store.mailings.list({ page: 0, pageSize: 100 });
  const mailings = await Promise.all(
    page.rows.map(async (mailing) => ({
      id: mailing.id,
      subject: mailing.subject || "(no subject)",
      kind: kindLabel(mailing.kind),
      audience: await audienceWords(context, mailing.audience),
      status: mailing.status,
      statusLabel: STATUS_LABELS[mailing.status],
      when: statusLine(mailing),
      started: hasStarted(mailing),
    })),
  );
  return data({ mailings, total: page.total }, { headers: privateHeaders() });
}

export default function StudioMailings() {
  const { mailings } = useLoaderData<typeof loader>();
  return (
    <StudioPage title="Mailings">
      <p className="studio-intro">E-mails to members: notices about membership, and newsletters to those who agreed to receive them.</p>
      <p className="studio-intro">
        <Link className="button" to="/studio/mailings/new">
          New mailing
        </Link>
      </p>
      {mailings.length === 0 ? (
        <p className="studio-empty">No mailings yet. Write one with “New mailing”: nothing goes out until you send it.</p>
      ) : (
        <ul className="studio-parts mailings-list">
          {mailings.map((mailing) => (
            <li key={mailing.id} className="studio-part mailing-row">
              <h2 id={`mailing-${mailing.id}`}>{mailing.subject}</h2>
              <p>
                {mailing.kind} · <span className={`studio-status studio-status-${mailing.status}`}>{mailing.statusLabel}</span>
              </p>
              <p className="mailing-audience">{mailing.audience}</p>
              <p className="mailing-when">{mailing.when}</p>
              <p className="studio-part-links">
                <Link to={`/studio/mailings/${mailing.id}`} aria-describedby={`mailing-${mailing.id}`}>
                  {mailing.started ? "Open" : "Edit"}
                </Link>
                <Link to={`/studio/mailings/${mailing.id}/report`} aria-describedby={`mailing-${mailing.id}`}>
                  Report
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </StudioPage>
  );
}
