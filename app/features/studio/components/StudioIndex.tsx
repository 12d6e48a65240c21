import { Link } from "@remix-run/react";
import type { StudioPart } from "~/features/studio/studio";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";

/**
 * /studio: one entry per part of the site, each with the public page it changes and its
 * edit screen. A part whose screen is not built yet says so in words ("Coming soon"),
 * never with a link that would lead nowhere.
 */
export function StudioIndex({ parts }: { parts: readonly StudioPart[] }) {
  return (
    <>
      <PageTitle title="Website" />
      <section className="section studio-page">
        <div className="container">
          <p className="studio-intro">The parts of the website the studio edits. A part marked &ldquo;Coming soon&rdquo; cannot be edited here yet.</p>
          {/* The editor's own signed-in devices (docs/decisions/0070-sessions-as-records.md). */}
          <p className="studio-intro">
            <Link to="/account/security">Your signed-in devices</Link>
          </p>
          <ul className="studio-parts">
            {parts.map((part) => (
              <li key={part.id} className="studio-part">
                <h2 id={`studio-${part.id}`}>{part.label}</h2>
                <p>{part.summary}</p>
                <p className="studio-part-links">
                  {part.edit ? (
                    <Link to={part.edit} aria-describedby={`studio-${part.id}`}>
                      Edit
                    </Link>
                  ) : (
                    <span className="studio-soon">Coming soon</span>
                  )}
                  {part.viewOnSite ? (
                    <a href={part.viewOnSite} aria-describedby={`studio-${part.id}`}>
                      View on site
                    </a>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
