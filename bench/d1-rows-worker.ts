import worker from "../server";
import { countingD1, formatRowsHeader, noRows, ROWS_HEADER } from "./d1-rows-count";

/**
 * The bench's own worker entry (ADR 60), run only by the bench's rows part
 * (`wrangler dev bench/d1-rows-worker.ts`): the site's worker (server.ts) unchanged, each
 * request given its own counting wrapper around the D1 binding, and the rows its
 * statements read and wrote until the response was ready sent back in X-Bench-D1-Rows.
 * D1 work the worker leaves to `ctx.waitUntil` after answering is not in the header.
 */
export default {
  async fetch(request, env, ctx) {
    const totals = noRows();
    const response = await worker.fetch(request, { ...env, DB: countingD1(env.DB, totals) }, ctx);
    const counted = new Response(response.body, response);
    counted.headers.set(ROWS_HEADER, formatRowsHeader(totals));
    return counted;
  },
  scheduled: worker.scheduled,
} satisfies ExportedHandler<WorkerBindings>;
