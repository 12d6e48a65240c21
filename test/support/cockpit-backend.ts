import { tmpdir } from "node:os";
import { startFakeCockpit, type CockpitEntry, type FakeCockpitOptions, type FormEntry } from "./fake-cockpit";
import { newRoot, realCockpitTemplate, REAL_ENV, startRealCockpit } from "./real-cockpit";

/**
 * A Cockpit for a test: the fake (test/support/fake-cockpit.ts) in the usual runs, a real
 * Cockpit v1 (test/support/real-cockpit.ts) in `npm run test:cockpit-real`. Tests look at
 * what it holds through its REST API only, the same way on both, so an assertion that holds
 * on the fake is also checked against the real one.
 */
export interface CockpitBackend {
  /** True for the real Cockpit v1. */
  readonly real: boolean;
  /** The API base (CMS_API_URL). */
  readonly url: string;
  readonly token: string;
  /** POSTs a JSON body to `path` (below /api) and answers the status and the parsed body (undefined when empty). */
  call(path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** A collection's entries in Cockpit's natural order (collections/get). */
  entries(collection: string, filter?: Record<string, unknown>): Promise<CockpitEntry[]>;
  /** A form's submissions (forms/export). */
  formEntries(form: string): Promise<FormEntry[]>;
  /** Sets an entry's `_created` (an update may, README §6: the only REST way to set an entry's time). */
  setCreated(collection: string, id: string, at: number): Promise<void>;
  stop(): Promise<void>;
}

export interface CockpitBackendOptions {
  /** What it starts with (the old site's collections, singletons and form always exist, empty). */
  collections?: Record<string, object[]>;
  singletons?: Record<string, object>;
  /** The real Cockpit's PHP processes (start.sh's COCKPIT_WORKERS; the fake has one thread anyway). */
  workers?: number;
}

/** The fake's extra options (its token, extra forms) are for the fake alone. */
export async function startCockpitBackend(options: CockpitBackendOptions & Pick<FakeCockpitOptions, "forms"> = {}): Promise<CockpitBackend> {
  const template = realCockpitTemplate();
  if (!template) {
    const fake = await startFakeCockpit({ collections: options.collections, singletons: options.singletons, forms: options.forms });
    return backend(false, fake.url, fake.token, fake.stop);
  }
  const root = process.env[REAL_ENV.root] || newRoot(tmpdir());
  const load = options.collections || options.singletons ? { collections: options.collections ?? {}, singletons: options.singletons ?? {} } : undefined;
  const real = await startRealCockpit({ template, root, load, workers: options.workers });
  return backend(true, real.url, real.token, real.stop);
}

function backend(real: boolean, url: string, token: string, stop: () => Promise<void>): CockpitBackend {
  async function call(path: string, body: unknown = {}) {
    const response = await fetch(`${url}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Cockpit-Token": token },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
  }
  async function ok<T>(path: string, body?: unknown): Promise<T> {
    const answer = await call(path, body);
    if (answer.status !== 200) throw new Error(`Cockpit answered ${path} with ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body as T;
  }
  return {
    real,
    url,
    token,
    call,
    async entries(collection, filter) {
      return (await ok<{ entries: CockpitEntry[] }>(`collections/get/${collection}`, filter ? { filter } : {})).entries;
    },
    formEntries: (form) => ok<FormEntry[]>(`forms/export/${form}`),
    async setCreated(collection, id, at) {
      await ok(`collections/save/${collection}`, { data: { _id: id, _created: at } });
    },
    stop,
  };
}
