import { ProxyClient, type Miniflare } from "miniflare";

/**
 * A worker's D1 and R2 bindings reached from Node (ADR 57), for the tests and their servers.
 *
 * Miniflare's proxy answers a synchronous call (`db.prepare`, `.bind`) through a helper
 * thread that stores "answered" and then notifies; when that thread is held up between the
 * two, the next synchronous call can be woken by the previous call's late notify, find no
 * answer, and fail an assertion in its SynchronousFetcher; every later call on that client
 * then reads the answer meant for the one before. So the D1 handed out here makes its
 * statements in Node and reaches the proxy only to run them: a statement is prepared, bound
 * and run in one go, and if preparing it hits that failure (nothing has run: preparing and
 * binding change nothing), it is run again through a new proxy client. R2's calls are
 * asynchronous, but reaching a method of the bucket (`bucket.put`) is one synchronous call:
 * so the bucket handed out reaches the current client's bucket on every call, and a call
 * whose method was lost (nothing ran) is made again through a new client, like D1's.
 * A client that lost an answer is never used again: each later answer on it is one late.
 */
export async function bindingsOnOwnProxy(
  mf: Miniflare,
  names: { worker: string; d1: string; r2: string },
): Promise<{ db: D1Database; media: R2Bucket; dispose: () => Promise<void> }> {
  // The instance listens on 127.0.0.1, where its runtime entry (which answers the proxy) is too.
  const url = await mf.ready;
  const clients = [new ProxyClient(url, mf.dispatchFetch)];
  const client = () => clients[clients.length - 1]!;
  const binding = (plugin: "d1" | "r2", name: string) => client().env[`MINIFLARE_PROXY:${plugin}:${names.worker}:${name}`];

  /** `use` on the current client's binding; once more on a new client when the first try lost its answer. */
  async function onClient<B, T>(plugin: "d1" | "r2", name: string, use: (binding: B) => Promise<T>): Promise<T> {
    try {
      return await use(binding(plugin, name) as B);
    } catch (error) {
      if (!lostAnswer(error)) throw error;
      // The lost client stays until the end (disposed with the others), unused.
      clients.push(new ProxyClient(url, mf.dispatchFetch));
      return use(binding(plugin, name) as B);
    }
  }
  const onProxy: OnProxy = <T>(use: (db: D1Database) => Promise<T>) => onClient<D1Database, T>("d1", names.d1, use);
  const media = new Proxy({} as R2Bucket, {
    get: (_target, method: string | symbol) =>
      // "then": the bucket is not a promise (an awaited value is asked for it).
      method === "then"
        ? undefined
        : (...args: unknown[]) =>
            onClient<R2Bucket, unknown>("r2", names.r2, (bucket) => (bucket[method as keyof R2Bucket] as (...a: unknown[]) => Promise<unknown>)(...args)),
  });
  return { db: statementsInNode(onProxy), media, dispose: async () => void (await Promise.all(clients.map((each) => each.dispose()))) };
}

function lostAnswer(error: unknown): boolean {
  return error instanceof Error && error.name === "AssertionError" && /SynchronousFetcher|fetch-sync/.test(error.stack ?? "");
}

type OnProxy = <T>(use: (db: D1Database) => Promise<T>) => Promise<T>;

class NodeStatement {
  constructor(
    private readonly onProxy: OnProxy,
    readonly query: string,
    readonly values: unknown[] = [],
  ) {}
  bind(...values: unknown[]): NodeStatement {
    return new NodeStatement(this.onProxy, this.query, values);
  }
  real(db: D1Database): D1PreparedStatement {
    return db.prepare(this.query).bind(...this.values);
  }
  first<T>(column?: string): Promise<T | null> {
    return this.onProxy((db) => (column === undefined ? this.real(db).first<T>() : this.real(db).first<T>(column)));
  }
  all<T>(): Promise<D1Result<T>> {
    return this.onProxy((db) => this.real(db).all<T>());
  }
  run<T>(): Promise<D1Result<T>> {
    return this.onProxy((db) => this.real(db).run<T>());
  }
  raw<T>(options?: { columnNames?: boolean }): Promise<T[]> {
    return this.onProxy(async (db) =>
      options?.columnNames ? ((await this.real(db).raw<T>({ columnNames: true })) as unknown as T[]) : this.real(db).raw<T>(),
    );
  }
}

function statementsInNode(onProxy: OnProxy): D1Database {
  const db = {
    prepare: (query: string) => new NodeStatement(onProxy, query),
    batch: <T>(statements: NodeStatement[]) => onProxy((real) => real.batch<T>(statements.map((statement) => statement.real(real)))),
    exec: (query: string) => onProxy((real) => real.exec(query)),
    withSession: () => db,
    dump: () => onProxy((real) => real.dump()),
  };
  return db as unknown as D1Database;
}
