import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AccountPanel } from "~/features/membership/components";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { pageMeta } from "~/kernel/layout/page-meta";
import { requireUser } from "~/kernel/auth/auth.server";
import { listDocuments } from "~/features/site/documents.server";

export const meta: MetaFunction = () => pageMeta("Documents", "The association's documents for members.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return { documents: await listDocuments(context) };
}

export default function Documents() {
  const { documents } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="Documents" />
      <section className="section account-page">
        <div className="container">
          <AccountPanel id="documents-title" title="Members' documents">
            {documents.length === 0 ? (
              <p className="account-empty">There are no documents yet.</p>
            ) : (
              <ul className="document-list">
                {documents.map((doc) => (
                  <li key={doc.id}>
                    {/* A plain link (not <Link>): the file opens in a new tab, outside the app. */}
                    <a href={doc.href} target="_blank" rel="noopener noreferrer">
                      {doc.title}
                      <span className="account-hint"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </AccountPanel>
        </div>
      </section>
    </>
  );
}
