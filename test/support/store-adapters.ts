import { afterAll, beforeAll, describe } from "vitest";
import { createCockpitClient, type CockpitClient } from "~/services/store/cockpit/client.server";
import { createD1Store } from "~/services/store/d1/index.server";
import type { Store } from "~/services/store/port";
import { createTestD1 } from "./d1";
import { startFakeCockpit, type FakeCockpit, type FakeCockpitOptions } from "./fake-cockpit";

/**
 * The contract suite's harness: one describe block run once per store adapter, so the
 * same tests hold the D1 adapter (real local D1 in workerd) and the Cockpit adapter (the
 * site's Cockpit client against a fresh fake Cockpit in this process) to the same port.
 *
 *   describeStore("members", { cockpit: true }, (t) => {
 *     it("...", async () => { await t.store.members.register(...); });
 *   });
 *
 * gives "members (d1)" and "members (cockpit)". Each run has its own fresh D1 (the
 * Cockpit store keeps the outbox in D1, as the site does) and, for Cockpit, its own fake
 * server, created before the block's tests and stopped after them.
 *
 * The `cockpit` flag says whether the block's tests already hold for the Cockpit adapter.
 * A block written for D1 alone starts with `cockpit: false`: its Cockpit run is listed
 * as skipped, so the report shows which parts of the contract are not yet covered twice,
 * and turning the flag on is all it takes once the Cockpit repositories it uses exist.
 */

export type StoreKind = Store["kind"];

export interface StoreContext {
  readonly kind: StoreKind;
  readonly store: Store;
  /** The D1 database of this run (the whole store for D1; the outbox for Cockpit). */
  readonly db: D1Database;
  /** The fake Cockpit of a Cockpit run (null for D1): its data and requests are inspectable. */
  readonly cockpit: FakeCockpit | null;
}

export interface DescribeStoreOptions {
  /** Run the block against the Cockpit adapter too (see above). */
  cockpit: boolean;
  /** What the fake Cockpit starts with (the spec's collections always exist, empty). */
  fakeCockpit?: FakeCockpitOptions;
}

/**
 * How a Cockpit run builds its store: `createCockpitStore(client, db)` from
 * app/services/store/cockpit/index.server.ts (Cockpit repositories plus D1's outbox).
 * The module is imported by a computed name so that blocks with `cockpit: false` run,
 * and the suite type-checks, before that module exists.
 */
type CockpitStoreFactory = (client: CockpitClient, db: D1Database) => Store;

async function loadCockpitStoreFactory(): Promise<CockpitStoreFactory> {
  const modulePath = ["~", "services", "store", "cockpit", "index.server"].join("/");
  const module = (await import(/* @vite-ignore */ modulePath)) as { createCockpitStore?: CockpitStoreFactory };
  if (typeof module.createCockpitStore !== "function") throw new Error(`${modulePath} does not export createCockpitStore(client, db)`);
  return module.createCockpitStore;
}

export function describeStore(name: string, options: DescribeStoreOptions, body: (t: StoreContext) => void): void {
  describe(`${name} (d1)`, () => body(useStore("d1", options)));
  (options.cockpit ? describe : describe.skip)(`${name} (cockpit)`, () => body(useStore("cockpit", options)));
}

/** The store of one run, made before the enclosing block's tests and disposed after them. */
function useStore(kind: StoreKind, options: DescribeStoreOptions): StoreContext {
  const state = { kind, cockpit: null } as { kind: StoreKind; store: Store; db: D1Database; cockpit: FakeCockpit | null };
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    const d1 = await createTestD1();
    cleanups.push(d1.dispose);
    state.db = d1.db;
    if (kind === "d1") {
      state.store = createD1Store(d1.db);
      return;
    }
    const fake = await startFakeCockpit(options.fakeCockpit);
    cleanups.push(fake.stop);
    state.cockpit = fake;
    const createCockpitStore = await loadCockpitStoreFactory();
    state.store = createCockpitStore(createCockpitClient({ baseUrl: fake.url, token: fake.token }), d1.db);
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return state;
}
