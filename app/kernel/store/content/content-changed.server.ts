import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * Makes the next visitor request see content just written: bumps the content version that
 * keys both the content read cache and the visitors' page cache (ADR 42), so neither is read
 * again for the old content. Call it after every write to public content, in both store
 * modes. The write itself has been made: if D1 cannot take the bump, that is logged and the
 * caches fall back to expiring by time (a minute), rather than failing a saved change.
 */
export async function contentChanged(context: Pick<AppLoadContext, "store">): Promise<void> {
  try {
    await context.store.contentVersion.bump();
  } catch (error) {
    console.error("The content version could not be bumped; visitors see the change within a minute:", error);
  }
}
