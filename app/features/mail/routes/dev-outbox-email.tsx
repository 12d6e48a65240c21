import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { OutboxMessage } from "~/features/mail/components/OutboxMessage";
import { refuseOutsideDevelopment } from "~/features/mail/dev-mail.server";
import { loadOutboxEmail } from "~/features/mail/outbox-pages.server";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { noIndexHeaders, noStoreHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";
import { notFound } from "~/kernel/http/answers.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => privatePageMeta(`${loaded?.email.subject ?? "E-mail"} | Outbox (development)`);

export const headers: HeadersFunction = loaderHeadersOnly;

/** One e-mail of the outbox. Development only. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  refuseOutsideDevelopment(context);
  const email = await loadOutboxEmail(context.store, params.id);
  if (!email) throw notFound();
  return data({ email }, { headers: noIndexHeaders(noStoreHeaders()) });
}

export default function DevMailMessage() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title={email.subject || "(no subject)"} parent={{ label: "Outbox", to: "/dev/mail" }} />
      <section className="section container dev-mail">
        <OutboxMessage email={email} backTo="/dev/mail" />
      </section>
    </>
  );
}
