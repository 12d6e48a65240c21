import type { AppLoadContext } from "@remix-run/cloudflare";

/** Makes the next visitor request see content just written (stub until the site-settings part lands). */
export async function contentChanged(_context: AppLoadContext): Promise<void> {}
