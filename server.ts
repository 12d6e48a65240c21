import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
// The server build exists once `remix vite:build` has run (npm start, npm test and deploy all build first).
// @ts-expect-error: no types for the generated build
import * as build from "./build/server";
import { createAppContext, getLoadContext } from "./app/load-context";
import { runDaily } from "./app/features/scheduled/daily.server";
import { consumeMailingQueue, runDueMailings } from "./app/features/mailings/index.server";
import { mayUseUploadAllowance, renderReadSignedInUser } from "./app/kernel/auth/auth.server";
import { EnvError, parseEnv, type AppEnv } from "./app/kernel/http/env.server";
import { PAGE_CACHE_FRESH_SECONDS, PAGE_CACHE_STALE_SECONDS, pageCacheKey, servePage } from "./app/kernel/http/page-cache.server";
import { checkRequestBody, isCrossSiteMutation, isLocalRequest, isStudioUpload, isUnsupportedMediaType } from "./app/kernel/http/request-guard.server";
import { secureResponse } from "./app/kernel/http/security-headers.server";
import { noStoreHeaders } from "./app/kernel/http/response-headers";
import { COOKIE_CONSENT_NAME } from "./app/kernel/layout/shell.server";
import { contentVersion } from "./app/kernel/store/content/content-version.server";
import { createSwrCache, defaultCache, SwrMemory } from "./app/kernel/http/swr-cache.server";

/** wrangler.toml's 15-minute trigger: only due mailings run on it. */
const MAILINGS_CRON = "*/15 * * * *";

/** The site's address for work with no request (the cron runs, the queue): SITE_URL, or "" when unset. */
function siteUrlOf(env: WorkerBindings): string {
  return parseEnv(env as unknown as Record<string, unknown>).SITE_URL?.replace(/\/+$/, "") ?? "";
}

const serverBuild = build as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(serverBuild);
/** Visitors' pages kept by this isolate (see app/kernel/http/page-cache.server.ts). */
const pageMemory = new SwrMemory(100);

const SORRY = "Sorry, something went wrong. Please try again later.";

function plainPage(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

/** The checked configuration, or null when it is broken (the request is answered 500 below). */
function checkedEnv(env: WorkerBindings): AppEnv | null {
  try {
    return parseEnv(env as unknown as Record<string, unknown>);
  } catch {
    return null;
  }
}

const BODY_REFUSALS = {
  400: "Bad Request: the form could not be read.",
  413: "Payload Too Large: this form sent more than the site accepts.",
} as const;

async function handle(received: Request, env: WorkerBindings, ctx: ExecutionContext, checked: AppEnv | null): Promise<Response> {
  if (isCrossSiteMutation(received)) return plainPage(403, "Forbidden: this form must be sent from our own site.");
  // Actions read forms: any other body would make request.formData() throw (a 500).
  if (isUnsupportedMediaType(received)) return plainPage(415, "Unsupported Media Type", noStoreHeaders());
  // One context for the request: the upload check below reads the session through it, and the
  // route's guard then finds what it read (its origin is the same for the checked copy).
  let context: AppLoadContext | undefined;
  const contextOf = (request: Request) => (context ??= getLoadContext({ request, context: { cloudflare: { env, ctx, cf: received.cf } } }));
  // A body is checked (size, then form) before any route reads it; routes get the checked copy.
  // Outside production (wrangler dev), a refused body is read to its end first: see RefusedBody.
  // A studio upload may be large only for a live session of an editor or accountant (checked
  // configuration only: without it there is no context to read the session with).
  const uploads = checked !== null && isStudioUpload(received) && (await mayUseUploadAllowance(received, contextOf(received)));
  const body = await checkRequestBody(received, checked?.isProduction === false ? "discard" : "cancel", uploads);
  if (!body.ok) return plainPage(body.status, BODY_REFUSALS[body.status], noStoreHeaders());
  const request = body.request;
  try {
    const loadContext = contextOf(request);
    if (!loadContext.env.isProduction && !isLocalRequest(request)) {
      return plainPage(403, "This is a development build: it answers only on this machine.");
    }
    const render = () => handleRemixRequest(request, loadContext);
    // What the render saw decides whether its page may be stored, not the request's headers.
    const renderForCache = async () => ({ response: await render(), personal: renderReadSignedInUser(loadContext) });
    // The content version (ADR 42) is read only for a request the cache may answer: a studio write bumps it.
    const cacheable = pageCacheKey(request, serverBuild.assets.version, COOKIE_CONSENT_NAME) !== null;
    const key = cacheable ? pageCacheKey(request, serverBuild.assets.version, COOKIE_CONSENT_NAME, await contentVersion(loadContext)) : null;
    return key
      ? await servePage(
          createSwrCache({
            cache: defaultCache(),
            memory: pageMemory,
            waitUntil: (promise) => ctx.waitUntil(promise),
            freshSeconds: PAGE_CACHE_FRESH_SECONDS,
            staleSeconds: PAGE_CACHE_STALE_SECONDS,
          }),
          key,
          renderForCache,
        )
      : await render();
  } catch (error) {
    // Never a stack trace for the visitor; the details go to the Worker's logs.
    console.error(error);
    if (error instanceof EnvError) return plainPage(500, "The site is not configured correctly. Please try again later.");
    return plainPage(500, SORRY);
  }
}

export default {
  async fetch(request, env, ctx) {
    // Every answer, the refusals above included, leaves with the security headers (and an HTML page with its CSP).
    const headerEnv = checkedEnv(env);
    try {
      return await secureResponse(await handle(request, env, ctx, headerEnv), request, headerEnv);
    } catch (error) {
      // Reading a page to hash its scripts runs its render stream to the end: an error there is still ours to answer.
      console.error(error);
      return secureResponse(plainPage(500, SORRY), request, headerEnv);
    }
  },

  // wrangler.toml's two cron triggers. The daily run (ADR 0050) keeps its jobs; the 15-minute
  // run only starts the scheduled mailings that are due (docs/requirements.md §13, ADR 73). No
  // visitor's request: the services get the same context as a page's, with the site's address
  // from SITE_URL for links in e-mails.
  async scheduled(controller, env, ctx) {
    const context = createAppContext({ env, ctx }, siteUrlOf(env));
    const at = new Date(controller.scheduledTime);
    if (controller.cron === MAILINGS_CRON) {
      console.log(`Mailings run: ${await runDueMailings(context, at)} started`);
      return;
    }
    const run = await runDaily(context, at);
    console.log(`Daily run: ${JSON.stringify(run)}`);
  },

  // The mailing queue's consumer (wrangler.toml [[queues.consumers]], ADR 73): one batch of
  // copies per message, retried by the queue when it throws.
  async queue(batch, env, ctx) {
    await consumeMailingQueue(createAppContext({ env, ctx }, siteUrlOf(env)), batch);
  },
} satisfies ExportedHandler<WorkerBindings>;
