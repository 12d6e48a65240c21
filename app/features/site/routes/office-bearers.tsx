import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Picture } from "~/kernel/media/Picture";
import { RichText } from "~/kernel/layout/RichText";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { pageMeta } from "~/kernel/layout/page-meta";
import { shownImage } from "~/kernel/media/photo-renditions";

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export async function loader({ context }: LoaderFunctionArgs) {
  const [settings, bearers, previousTeams] = await Promise.all([
    context.content.getSiteSettings(),
    context.content.listOfficeBearers(),
    context.content.listPreviousTeams(),
  ]);
  return {
    title: settings.latestOfficeBearersTitle.trim() || "Our office bearers",
    // The store sorts: bearers by order ascending, previous teams newest first.
    bearers: bearers.map(({ id, name, role, photo }) => ({ id, name, role, photo: shownImage(photo, 700) })),
    previousTeams: previousTeams.map(({ id, title, contentHtml }) => ({ id, title, contentHtml })),
    meta: pageMeta("Office Bearers", "The association's office bearers, elected by the members each year, and the teams before them."),
  };
}

export default function OfficeBearers() {
  const { title, bearers, previousTeams } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="Office Bearers" />
      <section className="container section" aria-labelledby="current-team">
        <h2 id="current-team" className="team-heading">
          {title}
        </h2>
        {bearers.length ? (
          <ul className="card-grid bearer-grid">
            {bearers.map((bearer, index) => (
              <li key={bearer.id} className="card bearer-card">
                {bearer.photo ? (
                  <Picture image={bearer.photo} eager={index === 0} sizes="(min-width: 768px) 260px, 100vw" />
                ) : (
                  // Keeps the cards in line when a photo is missing.
                  <span className="bearer-no-photo" aria-hidden="true" />
                )}
                <div className="card-body">
                  <h3>{bearer.name}</h3>
                  <p className="bearer-role">{bearer.role}</p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">The new office bearers will be announced here soon.</p>
        )}
      </section>
      {previousTeams.length ? (
        <section className="container section previous-teams" aria-labelledby="previous-teams">
          <h2 id="previous-teams" className="team-heading">
            Previous teams
          </h2>
          {previousTeams.map((team) => (
            // Native <details>: opens and closes without JavaScript.
            <details key={team.id} className="previous-team">
              <summary>{team.title}</summary>
              <RichText html={team.contentHtml} className="previous-team-content" />
            </details>
          ))}
        </section>
      ) : null}
    </>
  );
}
