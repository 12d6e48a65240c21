import { Link } from "@remix-run/react";

/** Shown in place of a page whose content record is missing. */
export function UnderConstruction() {
  return (
    <section className="status-page container under-construction">
      <h1>Under Construction!</h1>
      <p>We&apos;re coming soon. We&apos;re working hard to give you the best experience.</p>
      <Link className="button" to="/home">
        Back to home
      </Link>
    </section>
  );
}
