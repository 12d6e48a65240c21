import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { OutboxTable } from "~/features/mail/components/OutboxTable";
import { refuseOutsideDevelopment } from "~/features/mail/dev-mail.server";
import { loadOutboxPage } from "~/features/mail/outbox-pages.server";
import { readPageParam } from "~/kernel/store/paging";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { noIndexHeaders, noStoreHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";

export const meta: MetaFunction = () => privatePageMeta("Outbox (development)");

export const headers: HeadersFunction = loaderHeadersOnly;

/** Every e-mail the site has sent or kept, newest first. Development only; no sign-in needed there. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  refuseOutsideDevelopment(context);
  const page = readPageParam(new URL(request.url).searchParams.get("page"));
  return data(await loadOutboxPage(context.store, page), { headers: noIndexHeaders(noStoreHeaders()) });
}

export default function DevMail() {
  const outbox = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="Outbox" />
      <section className="section container dev-mail">
        <p className="dev-mail-note">
          Development only. Without <code>RESEND_API_KEY</code> the site sends no e-mail: it keeps each one here instead. Anyone who can open this
          machine&apos;s site can read them, so production answers this address with 404.
        </p>
        <OutboxTable outbox={outbox} basePath="/dev/mail" empty="No e-mails yet. Send the contact form, for one." />
      </section>
    </>
  );
}
