import { Link, isRouteErrorResponse } from "@remix-run/react";
import { PageTitle } from "./Breadcrumbs";

export function NotFoundPage() {
  return (
    <>
      <PageTitle title="Page not found" />
      <section className="status-page container">
        <p className="status-code" aria-hidden="true">
          404
        </p>
        <p>Sorry, the page you are looking for does not exist or has been moved.</p>
        <Link className="button" to="/home">
          Back to home
        </Link>
      </section>
    </>
  );
}

const ERROR_TEXTS = {
  failure: {
    title: "Something went wrong",
    text: "Sorry, we could not show this page just now. Please try again in a moment, or contact us if it keeps happening.",
  },
  // A form sent to a page that takes none (405): nothing failed, so do not say it did.
  "method-not-allowed": {
    title: "This page does not take forms",
    text: "Nothing was sent or saved. Please open the page and use its own buttons.",
  },
};

type ErrorKind = keyof typeof ERROR_TEXTS;

/** Which page an error shows: not found (404), a form sent to a page without one (405), or a failure. */
export function statusOf(error: unknown): "not-found" | ErrorKind {
  if (!isRouteErrorResponse(error)) return "failure";
  if (error.status === 404) return "not-found";
  return error.status === 405 ? "method-not-allowed" : "failure";
}

/** The document title of an error's page. */
export function statusTitle(error: unknown): string {
  const kind = statusOf(error);
  return kind === "not-found" ? "Page not found" : ERROR_TEXTS[kind].title;
}

export function ErrorPage({ kind = "failure" }: { kind?: ErrorKind }) {
  const { title, text } = ERROR_TEXTS[kind];
  return (
    <section className="status-page container">
      <h1>{title}</h1>
      <p>{text}</p>
      <Link className="button" to="/home" reloadDocument>
        Back to home
      </Link>
    </section>
  );
}
