import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import type { ReactNode } from "react";
import { SiteShell } from "~/kernel/layout/SiteShell";
import { EMPTY_SHELL } from "~/kernel/layout/shell-data";
import { ErrorPage, NotFoundPage, statusOf, statusTitle } from "~/kernel/layout/StatusPages";
import { ASSOCIATION } from "~/kernel/layout/association";
import { loadShell } from "~/kernel/layout/shell.server";
import appStyles from "~/styles/app.css?url";
import { keepPageAfterStoreError } from "~/kernel/forms/keep-page-after-store-error";

/** A 503 from an action (our records could not be reached) keeps the page as it is. */
export const shouldRevalidate = keepPageAfterStoreError;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (error) {
    // The same "Page | Association name" as pageTitle (app/kernel/layout/private-page-meta.ts), written out: the
    // root's chunk is on every public page, whose JavaScript must not grow.
    return [{ title: `${statusTitle(error)} | ${ASSOCIATION.name}` }];
  }
  return data?.meta ?? [];
};

/** For pages without their own tags; sent with the data, so their words stay out of every page's JavaScript. */
const SITE_META = [
  { title: ASSOCIATION.name },
  { name: "description", content: `${ASSOCIATION.name}: community, school, events and membership in Greater Manchester.` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shell, headers } = await loadShell(request, context);
  return data({ shell, meta: SITE_META }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14532d" />
        <Meta />
        <Links />
      </head>
      <body id="top">
        <SiteShell shell={rootData?.shell ?? EMPTY_SHELL}>{children}</SiteShell>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The one error boundary: a friendly page, never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const kind = statusOf(error);
  return kind === "not-found" ? <NotFoundPage /> : <ErrorPage kind={kind} />;
}
