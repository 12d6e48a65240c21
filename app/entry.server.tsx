import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { applyDocumentCacheControl } from "./services/cache-control.server";
import { SESSION_COOKIE_NAME } from "./services/session.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
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
  applyDocumentCacheControl(request, responseStatusCode, responseHeaders, SESSION_COOKIE_NAME);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
