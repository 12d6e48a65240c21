/**
 * Requests to the bench server. A connection error is retried (for up to 30 s,
 * once a second) and counted: `wrangler dev` reloads the worker, and stops
 * answering meanwhile, when build/ changes, which happens when someone else
 * builds (npm test, npm start) while the bench runs.
 */

const RETRIES = 30;

let connectionErrors = 0;

export function connectionErrorCount(): number {
  return connectionErrors;
}

export async function request(url: string, init: { headers?: Record<string, string> } = {}): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetch(url, { redirect: "manual", headers: init.headers });
    } catch (error) {
      connectionErrors += 1;
      if (attempt >= RETRIES) {
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
        throw new Error(`${url} could not be fetched${cause}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/** Fetches a URL (with `headers`, e.g. a session cookie) and returns its status, content type and raw body. */
export async function fetchBody(url: string, headers?: Record<string, string>): Promise<{ status: number; contentType: string; body: Uint8Array }> {
  const response = await request(url, { headers });
  const body = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", body };
}
