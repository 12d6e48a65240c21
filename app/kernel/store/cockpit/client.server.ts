import { StoreUnavailableError } from "../errors";

/**
 * The one way the site talks to Cockpit v1's REST API (ADR 22; how the real API behaves:
 * vendor/cockpit-v1/README.md). Every call is a POST with a JSON body (Cockpit parses
 * bodies only with an `application/json` content type, and only top-level "true"/"false"
 * survive a query string), the token goes in the `Cockpit-Token` header, never in the URL
 * (it would end up in server logs), and every call gives up after `timeoutMs`. Anything but
 * a good answer becomes a StoreUnavailableError with Cockpit's status and its small error
 * text, so the routes answer every Cockpit failure the same way.
 */

/** A MongoLite filter: plain `{field: value}` (loose ==) and the operators vendor/cockpit-v1/README.md lists. */
export type CockpitFilter = Record<string, unknown>;

export interface FindOptions {
  filter?: CockpitFilter;
  /** `{field: 1 | -1}`; later keys break ties. */
  sort?: Record<string, 1 | -1>;
  /** 0 or absent: no limit. MongoLite ignores `skip` without `limit`. */
  limit?: number;
  skip?: number;
  /** `{field: 1}` to keep, `{field: 0}` to drop (top-level only; `_id` always comes back). */
  fields?: Record<string, 0 | 1>;
}

/** Every entry has these; `_created`/`_modified` are Unix seconds. */
export interface CockpitEntry {
  _id: string;
  _created?: number;
  _modified?: number;
  [field: string]: unknown;
}

export interface FindResult<T extends CockpitEntry = CockpitEntry> {
  entries: T[];
  /** The number of entries returned, or with limit/skip the filtered count. */
  total: number;
}

export interface CockpitClient {
  /** `collections/get/{name}`. */
  find<T extends CockpitEntry = CockpitEntry>(collection: string, options?: FindOptions): Promise<FindResult<T>>;
  /** The first entry matching, or null. */
  findOne<T extends CockpitEntry = CockpitEntry>(
    collection: string,
    filter: CockpitFilter,
    options?: Omit<FindOptions, "filter" | "limit" | "skip">,
  ): Promise<T | null>;
  /**
   * `collections/save/{name}`: without `_id` a create, with it a shallow top-level merge.
   * Resolves with what Cockpit answers: on an update only the fields sent (plus the
   * metadata), never the merged entry.
   */
  save<T extends CockpitEntry = CockpitEntry>(collection: string, data: Record<string, unknown>): Promise<T>;
  /** `collections/remove/{name}` with a filter (Cockpit refuses a remove without one). */
  remove(collection: string, filter: CockpitFilter): Promise<void>;
  /** `singletons/get/{name}`: the raw data object (fields never saved are null). */
  singleton<T = Record<string, unknown>>(name: string): Promise<T>;
  /**
   * `singletons/save/{name}`: merges `data`'s top-level fields into the singleton. Not a
   * route of Cockpit v1 itself: a custom API file the Cockpit must have (ADR 42,
   * vendor/cockpit-v1/start.sh installs it); without it Cockpit answers 404.
   */
  saveSingleton(name: string, data: Record<string, unknown>): Promise<void>;
  /** `forms/submit/{name}`: Cockpit echoes the data; a mail failure is a 200 with `error`. */
  submitForm(name: string, form: Record<string, unknown>): Promise<void>;
  /**
   * `forms/export/{name}` (master key): every submission the form kept, in the order they
   * came, as `{data, _id, _created, _modified}` (vendor/cockpit-v1/README.md §9).
   */
  formEntries(name: string): Promise<FormEntry[]>;
}

/** One submission of a Cockpit form. */
export interface FormEntry {
  _id: string;
  _created?: number;
  _modified?: number;
  data: Record<string, unknown>;
}

export interface CockpitClientOptions {
  /** CMS_API_URL: the API base, e.g. https://cms.example.org/api */
  baseUrl: string;
  /** CMS_API_TOKEN */
  token: string;
  /** Give up after this long; the page then serves its cached copy or a clear message. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const COCKPIT_TIMEOUT_MS = 4000;

export function createCockpitClient(options: CockpitClientOptions): CockpitClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? COCKPIT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;

  async function call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const what = path.split("/").slice(0, 2).join("/");
    let response: Response;
    try {
      response = await doFetch(`${base}/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "Cockpit-Token": options.token },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      const reason = networkReason(error);
      const unreachable = `Cockpit could not be reached for ${what}${reason ? ` (${reason})` : ""}`;
      throw new StoreUnavailableError(timedOut ? `Cockpit did not answer ${what} within ${timeoutMs} ms` : unreachable, {
        cause: error,
      });
    }
    const text = await response.text();
    if (!response.ok) {
      throw new StoreUnavailableError(`Cockpit answered ${what} with ${response.status}${text ? `: ${errorText(text)}` : ""}`, { status: response.status });
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new StoreUnavailableError(`Cockpit answered ${what} with something that is not JSON`, { status: response.status, cause: error });
    }
  }

  const segment = (name: string) => encodeURIComponent(name);

  return {
    async find<T extends CockpitEntry>(collection: string, findOptions: FindOptions = {}) {
      const result = await call<{ entries?: T[]; total?: number }>(`collections/get/${segment(collection)}`, { ...findOptions });
      const entries = Array.isArray(result.entries) ? result.entries : [];
      return { entries, total: typeof result.total === "number" ? result.total : entries.length };
    },
    async findOne<T extends CockpitEntry>(collection: string, filter: CockpitFilter, findOptions: Omit<FindOptions, "filter" | "limit" | "skip"> = {}) {
      const { entries } = await this.find<T>(collection, { ...findOptions, filter, limit: 1 });
      return entries[0] ?? null;
    },
    save<T extends CockpitEntry>(collection: string, data: Record<string, unknown>) {
      return call<T>(`collections/save/${segment(collection)}`, { data });
    },
    async remove(collection: string, filter: CockpitFilter) {
      await call(`collections/remove/${segment(collection)}`, { filter });
    },
    singleton<T>(name: string) {
      return call<T>(`singletons/get/${segment(name)}`, {});
    },
    async saveSingleton(name: string, data: Record<string, unknown>) {
      await call(`singletons/save/${segment(name)}`, { data });
    },
    async submitForm(name: string, form: Record<string, unknown>) {
      const answer = await call<{ error?: unknown }>(`forms/submit/${segment(name)}`, { form });
      // The entry is stored before the mail is tried: a mail error is logged, not raised.
      if (answer && typeof answer === "object" && "error" in answer && answer.error)
        console.warn(`Cockpit stored the ${name} form but could not mail it: ${String(answer.error)}`);
    },
    async formEntries(name: string) {
      const answer = await call<unknown>(`forms/export/${segment(name)}`, {});
      return Array.isArray(answer) ? (answer as FormEntry[]) : [];
    },
  };
}

/** Cockpit's error bodies are `{"error": "..."}` or `{"error": true, "message": "..."}`; keep them short in logs. */
function errorText(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const message = typeof body.message === "string" ? body.message : typeof body.error === "string" ? body.error : text;
    return message.slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}

/** The system's reason under fetch's "fetch failed" (ECONNREFUSED, ECONNRESET...), for the log. */
function networkReason(error: unknown): string | null {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === "string" ? cause.code : null;
}
