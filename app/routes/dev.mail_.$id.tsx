import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { DEV_PAGE_HEADERS, outboxTime, refuseOutsideDevelopment } from "~/services/dev-mail.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.email.subject ?? "E-mail"} | Outbox (development)` },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** One e-mail of the outbox. Development only. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  refuseOutsideDevelopment(context);
  const email = await context.store.outbox.get(params.id ?? "");
  if (!email) throw new Response("Not Found", { status: 404 });
  return data(
    {
      email: {
        ...email,
        to: email.to.join(", "),
        sentAt: outboxTime(email.createdAt),
        updatedAt: outboxTime(email.updatedAt),
      },
    },
    { headers: DEV_PAGE_HEADERS },
  );
}

export default function DevMailMessage() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title={email.subject || "(no subject)"} parent={{ label: "Outbox", to: "/dev/mail" }} />
      <section className="section container dev-mail">
        <p>
          <Link to="/dev/mail">Back to the outbox</Link>
        </p>
        <dl className="dev-mail-facts">
          <dt>To</dt>
          <dd>{email.to}</dd>
          <dt>Date</dt>
          <dd>{email.sentAt}</dd>
          <dt>Purpose</dt>
          <dd>{email.purpose}</dd>
          <dt>Status</dt>
          <dd>
            {email.status} ({email.provider}
            {email.providerId ? `, id ${email.providerId}` : ""}, updated {email.updatedAt})
          </dd>
          {email.error ? (
            <>
              <dt>Error</dt>
              <dd>{email.error}</dd>
            </>
          ) : null}
        </dl>
        <h2>HTML</h2>
        {/* sandbox with no permissions: nothing in the e-mail runs, submits or reaches this page. */}
        <iframe className="dev-mail-html" title={`The e-mail as HTML: ${email.subject}`} sandbox="" srcDoc={email.html} />
        <h2>Text</h2>
        <pre className="dev-mail-text">{email.text}</pre>
      </section>
    </>
  );
}
