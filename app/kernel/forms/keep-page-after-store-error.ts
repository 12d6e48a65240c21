import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * After a refused post (4xx: the form's messages) or a 503 (our records could not be
 * reached) nothing changed: the page keeps its data instead of reloading it, so a form keeps
 * what was typed, its messages and where focus went, rather than re-rendering under the
 * visitor (or the page's loaders failing in turn). Without JavaScript the server renders the
 * form again itself.
 */
export const keepPageAfterStoreError: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 ? false : defaultShouldRevalidate;
