import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseEnv, type AppEnv } from "./kernel/http/env.server";
import { createStore, type Store } from "./kernel/store/index.server";
import { createPublicContent } from "./kernel/store/content/index.server";
import { contentVersion } from "./kernel/store/content/content-version.server";
import type { ContentRepository } from "./kernel/store/port";

/** What the Worker runtime hands us: the same shape from wrangler's dev proxy and from server.ts. */
export interface CloudflareContext {
  env: WorkerBindings;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  cf?: unknown;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: CloudflareContext;
    /** The checked configuration. */
    env: AppEnv;
    /** The data store (D1 or Cockpit) for this request. */
    store: Store;
    /** Public content for pages: sanitized, cached across requests, read once per request. */
    content: ContentRepository;
    /** This request's origin (scheme, host, port): absolute links in e-mails sent while serving it. */
    origin: string;
  }
}

/**
 * Builds the per-request context. One function, used by the Vite dev server
 * (vite.config.ts) and by the Worker entry (server.ts), so both behave alike.
 */
export function getLoadContext({ request, context }: { request: Request; context: { cloudflare: CloudflareContext } }): AppLoadContext {
  return createAppContext(context.cloudflare, new URL(request.url).origin);
}

/**
 * The context the services need (configuration, store, content), for a request or for the
 * daily scheduled run (server.ts), which has no request: its origin is the site's address
 * from SITE_URL (ADR 0050), "" when unknown.
 */
export function createAppContext(cloudflare: CloudflareContext, origin: string): AppLoadContext {
  const env = parseEnv(cloudflare.env as unknown as Record<string, unknown>);
  let store: Store | undefined;
  let content: ContentRepository | undefined;
  const { ctx } = cloudflare;
  return {
    cloudflare,
    env,
    origin,
    // Built on first use: pages that never touch the store never build it.
    get store() {
      return (store ??= createStore(env));
    },
    get content() {
      return (content ??= createPublicContent({
        content: this.store.content,
        env,
        waitUntil: (promise) => ctx.waitUntil(promise),
        version: () => contentVersion(this),
      }));
    },
  };
}
