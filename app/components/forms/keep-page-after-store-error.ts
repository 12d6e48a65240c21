import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * After a 503 from an action (our records could not be reached) nothing changed: the page
 * keeps its data instead of reloading it, so a form keeps what was typed and its message
 * rather than the page's loaders failing in turn. Without JavaScript the server renders the
 * form again itself.
 */
export const keepPageAfterStoreError: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 503 ? false : defaultShouldRevalidate;
