import worker from "../server";
import { countingD1, formatRowsHeader, LATE_PATH, noRows, REQUEST_HEADER, ROWS_HEADER, rowsSince, type RowTotals } from "./d1-rows-count";

/**
 * The bench's own worker entry (ADR 61), run only by the bench's rows part
 * (`wrangler dev bench/d1-rows-worker.ts`): the site's worker (server.ts) unchanged, each
 * request given its own counting wrapper around the D1 binding, and the rows its
 * statements read and wrote until the response was ready sent back in X-Bench-D1-Rows.
 * What a request named by X-Bench-Request runs later (its body's stream, its `waitUntil`
 * work) is kept until the bench asks for it at LATE_PATH.
 */

/** Per named request: its running totals, those at its answer, and its `waitUntil` work. */
const late = new Map<string, { totals: RowTotals; answered: RowTotals; pending: Array<Promise<unknown>> }>();

/** ctx with every `waitUntil` promise also kept in `pending`. */
function watched(ctx: ExecutionContext, pending: Array<Promise<unknown>>): ExecutionContext {
  return new Proxy(ctx, {
    get(target, key) {
      if (key === "waitUntil") {
        return (promise: Promise<unknown>) => {
          pending.push(promise);
          target.waitUntil(promise);
        };
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function settled(pending: Array<Promise<unknown>>): Promise<void> {
  // Work may add more work while it runs: wait until none is left.
  for (let seen = 0; seen < pending.length;) {
    const batch = pending.slice(seen);
    seen = pending.length;
    await Promise.allSettled(batch);
  }
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === LATE_PATH) {
      // Asked once the bench has read the body: what is left to wait for is the waitUntil work.
      const id = url.searchParams.get("request") ?? "";
      const named = late.get(id);
      late.delete(id);
      if (!named) return Response.json(null);
      await settled(named.pending);
      return Response.json(rowsSince(named.totals, named.answered));
    }
    const totals = noRows();
    const pending: Array<Promise<unknown>> = [];
    const response = await worker.fetch(request, { ...env, DB: countingD1(env.DB, totals) }, watched(ctx, pending));
    const answered = { ...totals };
    const counted = new Response(response.body, response);
    counted.headers.set(ROWS_HEADER, formatRowsHeader(answered));
    const id = request.headers.get(REQUEST_HEADER);
    if (id) late.set(id, { totals, answered, pending });
    return counted;
  },
  scheduled: worker.scheduled,
} satisfies ExportedHandler<WorkerBindings>;
