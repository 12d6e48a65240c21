import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The server build exists once `remix vite:build` has run (npm start, npm test and deploy all build first).
// @ts-ignore: no types for the generated build
import * as build from "./build/server";
import { getLoadContext } from "./app/load-context";
import { EnvError } from "./app/services/env.server";
import { applySecurityHeaders, isCrossSiteMutation, isLocalRequest } from "./app/services/request-guard.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

function plainPage(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export default {
  async fetch(request, env, ctx) {
    if (isCrossSiteMutation(request)) return plainPage(403, "Forbidden: this form must be sent from our own site.");
    try {
      const loadContext = getLoadContext({ request, context: { cloudflare: { env, ctx, cf: request.cf } } });
      if (!loadContext.env.isProduction && !isLocalRequest(request)) {
        return plainPage(403, "This is a development build: it answers only on this machine.");
      }
      const response = await handleRemixRequest(request, loadContext);
      const secured = new Response(response.body, response);
      applySecurityHeaders(secured.headers);
      return secured;
    } catch (error) {
      // Never a stack trace for the visitor; the details go to the Worker's logs.
      console.error(error);
      if (error instanceof EnvError) return plainPage(500, "The site is not configured correctly. Please try again later.");
      return plainPage(500, "Sorry, something went wrong. Please try again later.");
    }
  },
} satisfies ExportedHandler<WorkerBindings>;
