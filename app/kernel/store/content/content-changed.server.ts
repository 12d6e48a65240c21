import type { AppLoadContext } from "@remix-run/cloudflare";
import { bumpContentVersion } from "./content-version.server";

/**
 * Makes the next visitor request see content just written: bumps the content version that
 * keys both the content read cache and the visitors' page cache (ADR 42), so neither is read
 * again for the old content. Call it after every write to public content, in both store
 * modes. The write itself has been made: if D1 cannot take the bump, that is logged and the
 * caches fall back to expiring by time (a minute), rather than failing a saved change.
 */
export async function contentChanged(context: AppLoadContext): Promise<void> {
  try {
    await bumpContentVersion(context.env.DB);
  } catch (error) {
    console.error("The content version could not be bumped; visitors see the change within a minute:", error);
  }
}
