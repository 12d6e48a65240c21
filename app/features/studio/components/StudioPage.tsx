import type { ReactNode } from "react";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { UnsavedChangesWarning } from "~/kernel/forms/unsaved-changes";

/** Where a studio screen sits: the studio's front page unless told (a list, for a record's screen). */
const WEBSITE = { label: "Website", to: "/studio" };

/**
 * Every studio screen's frame: its title with the way back, then its content in the page's
 * container. `formContainer` gives the container the form's layout, for screens that are one form.
 * Every screen warns before leaving a form with unsaved changes (unsaved-changes.ts).
 */
export function StudioPage({
  title,
  parent = WEBSITE,
  formContainer,
  children,
}: {
  title: string;
  parent?: { label: string; to: string };
  formContainer?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <UnsavedChangesWarning />
      <PageTitle title={title} parent={parent} />
      <section className="section studio-page">
        <div className={formContainer ? "container studio-form" : "container"}>{children}</div>
      </section>
    </>
  );
}
