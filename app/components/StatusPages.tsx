import { Link } from "@remix-run/react";
import { PageTitle } from "./layout/Breadcrumbs";

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

export function ErrorPage() {
  return (
    <section className="status-page container">
      <h1>Something went wrong</h1>
      <p>Sorry, we could not show this page just now. Please try again in a moment, or contact us if it keeps happening.</p>
      <Link className="button" to="/home" reloadDocument>
        Back to home
      </Link>
    </section>
  );
}
