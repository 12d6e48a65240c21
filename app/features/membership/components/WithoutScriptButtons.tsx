import { useHydrated } from "~/kernel/layout/use-hydrated";

/**
 * Without JavaScript, the member details forms have an "Update the form" button (the fields
 * follow the membership and child count chosen). The first submit button is a form's
 * default, so this hidden Save comes first: Enter in a field saves, as a member expects.
 * With JavaScript the fields follow at once and the button is not needed.
 */
export function SaveOnEnter() {
  return useHydrated() ? null : (
    <button type="submit" name="intent" value="save" className="amend-default-submit" tabIndex={-1} aria-hidden="true">
      Save
    </button>
  );
}

/** Without JavaScript: the form again for the membership and child count chosen, nothing saved. */
export function UpdateTheForm() {
  return useHydrated() ? null : (
    <button type="submit" name="intent" value="update-fields" className="button button-secondary">
      Update the form
    </button>
  );
}
