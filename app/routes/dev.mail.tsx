import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { DEV_PAGE_HEADERS, outboxTime, refuseOutsideDevelopment } from "~/services/dev-mail.server";

const PAGE_SIZE = 50;

export const meta: MetaFunction = () => [{ title: "Outbox (development)" }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Every e-mail the site has sent or kept, newest first. Development only; no sign-in needed there. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  refuseOutsideDevelopment(context);
  const page = Math.max(0, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "0", 10) || 0);
  const { rows, total } = await context.store.outbox.list({ limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const emails = rows.map((email) => ({
    id: email.id,
    sentAt: outboxTime(email.createdAt),
    to: email.to.join(", "),
    subject: email.subject,
    purpose: email.purpose,
    status: email.status,
  }));
  return data({ emails, total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) }, { headers: DEV_PAGE_HEADERS });
}

export default function DevMail() {
  const { emails, total, page, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="Outbox" />
      <section className="section container dev-mail">
        <p className="dev-mail-note">
          Development only. Without <code>RESEND_API_KEY</code> the site sends no e-mail: it keeps each one here instead.
          Anyone who can open this machine's site can read them, so production answers this address with 404.
        </p>
        <p>
          {total === 1 ? "1 e-mail" : `${total} e-mails`}, newest first.
        </p>
        {emails.length === 0 ? (
          <p>No e-mails yet. Send the contact form, for one.</p>
        ) : (
          <div className="table-scroll" role="region" aria-label="E-mails" tabIndex={0}>
            <table className="dev-mail-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Purpose</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {emails.map((email) => (
                  <tr key={email.id}>
                    <td>{email.sentAt}</td>
                    <td>{email.to}</td>
                    <td>
                      <Link to={`/dev/mail/${email.id}`}>{email.subject || "(no subject)"}</Link>
                    </td>
                    <td>{email.purpose}</td>
                    <td>{email.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? (
          <nav className="dev-mail-pages" aria-label="Outbox pages">
            {page > 0 ? <Link to={`?page=${page - 1}`}>Newer</Link> : null}
            <span>
              Page {page + 1} of {pages}
            </span>
            {page + 1 < pages ? <Link to={`?page=${page + 1}`}>Older</Link> : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}
