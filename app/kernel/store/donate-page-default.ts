/**
 * The words /donate shows until an editor writes the association's own (docs/requirements.md §14): settings
 * saved before the page existed, a fresh database, a Cockpit singleton without the field.
 */
export const DEFAULT_DONATE_PAGE_HTML =
  "<p>Your gift helps us run the school, the events and everything the association does. Thank you for supporting us.</p>";
