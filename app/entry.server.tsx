import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { renderReadSignedInUser } from "~/kernel/auth/auth.server";
import { applyDocumentCacheControl } from "~/kernel/http/cache-control.server";
import { SESSION_COOKIE_NAME } from "~/kernel/auth/session.server";
import { isStoreUnavailable } from "~/kernel/forms/store-errors.server";
import { storeUnavailableHeaders } from "~/kernel/http/response-headers";
import { installPlainMessages } from "~/kernel/forms/plain-messages";

// Every form's zod parse in the worker speaks plain words (docs/requirements.md §1.1, ADR 68).
installPlainMessages();

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Our records could not be reached (Cockpit down, slow or refusing): the error page says
  // "try again in a moment", so the status says so too (503), and nobody caches it.
  // (Remix hands this function the errors sanitized; handleError saw them whole.)
  if (responseStatusCode === 500 && failures.get(loadContext) === "store") {
    responseStatusCode = 503;
    for (const [name, value] of Object.entries(storeUnavailableHeaders())) responseHeaders.set(name, value);
  }

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);

  const body = await renderToReadableStream(<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />, {
    signal: controller.signal,
    onError(error: unknown) {
      if (!controller.signal.aborted) console.error(error);
    },
  });
  body.allReady.then(() => clearTimeout(timeout));

  // Bots and no-JS readers get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  applyDocumentCacheControl(request, responseStatusCode, responseHeaders, {
    sessionCookieName: SESSION_COOKIE_NAME,
    renderReadUser: renderReadSignedInUser(loadContext),
  });
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** Logged once: a store outage as one line (it is expected, and says what failed); anything else whole. */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const store = isStoreUnavailable(error);
  failures.set(context, store && failures.get(context) !== "other" ? "store" : "other");
  if (request.signal.aborted) return;
  if (store) console.warn(`${request.method} ${new URL(request.url).pathname}: our records could not be reached: ${error.message}`);
  else console.error(error);
}

/** What failed while serving a request (its load context): only the store, or something else too. */
const failures = new WeakMap<AppLoadContext, "store" | "other">();
