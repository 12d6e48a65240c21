import { afterAll, beforeAll, describe } from "vitest";
import { DEFAULT_VERIFY_DELAY_MS } from "~/services/store/cockpit/best-effort.server";
import { createCockpitClient } from "~/services/store/cockpit/client.server";
import { createCockpitStore } from "~/services/store/cockpit/index.server";
import { createD1Store } from "~/services/store/d1/index.server";
import type { Id, UnixSeconds } from "~/domain/records";
import type { Store } from "~/services/store/port";
import { createTestD1 } from "./d1";
import { startFakeCockpit, type FakeCockpit, type FakeCockpitOptions } from "./fake-cockpit";

/**
 * The contract suite's harness (test/integration/contract): one describe block run once
 * per store adapter, so the same tests hold the D1 adapter (real local D1 in workerd) and
 * the Cockpit adapter (the site's Cockpit client against a fresh fake Cockpit in this
 * process) to the same port.
 *
 *   describeStore("members", {}, (t) => {
 *     it("...", async () => { await t.store.members.register(...); });
 *   });
 *
 * gives "members (d1)" and "members (cockpit)". Each run has its own fresh D1 (the
 * Cockpit store keeps the outbox in D1, as the site does) and, for Cockpit, its own fake
 * server, created before the block's tests and stopped after them. Every block runs on
 * both adapters: tests about one adapter's specifics live outside the contract folder.
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
  /** What the fake Cockpit starts with (the spec's collections always exist, empty). */
  fakeCockpit?: FakeCockpitOptions | (() => Promise<FakeCockpitOptions>);
  /** Fills the fresh D1 of the D1 run before the block's tests (e.g. the demo seed). */
  seedD1?: (db: D1Database) => Promise<void>;
  /**
   * The Cockpit adapter's claim pause (ADR 21) for this block: short for blocks that only
   * need settle/markPaid/admit as setup; the real pause (the default) where a block tests
   * concurrency.
   */
  verifyDelayMs?: number;
}

/** A short claim pause for blocks whose settles and admissions are sequential setup. */
export const QUICK_CLAIM_PAUSE_MS = 5;
export { DEFAULT_VERIFY_DELAY_MS };

export function describeStore(name: string, options: DescribeStoreOptions, body: (t: StoreContext) => void): void {
  describe(`${name} (d1)`, () => body(useStore("d1", options)));
  describe(`${name} (cockpit)`, () => body(useStore("cockpit", options)));
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
      await options.seedD1?.(d1.db);
      return;
    }
    const fakeOptions = typeof options.fakeCockpit === "function" ? await options.fakeCockpit() : options.fakeCockpit;
    const fake = await startFakeCockpit(fakeOptions);
    cleanups.push(fake.stop);
    state.cockpit = fake;
    const client = createCockpitClient({ baseUrl: fake.url, token: fake.token });
    state.store = createCockpitStore(client, d1.db, { verifyDelayMs: options.verifyDelayMs ?? DEFAULT_VERIFY_DELAY_MS });
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return state;
}

/**
 * Sets a ticket's creation time, for tests that need a known order. Not a port method
 * (records are created "now"): on D1 a SQL update, on Cockpit the fake's `_created`.
 */
export async function setTicketCreatedAt(t: StoreContext, id: Id, at: UnixSeconds): Promise<void> {
  if (t.cockpit) {
    const entry = t.cockpit.data.collections.tickets!.find((e) => e._id === id);
    if (!entry) throw new Error(`No ticket ${id} in the fake Cockpit`);
    entry._created = at;
    return;
  }
  await t.db.prepare("UPDATE tickets SET created_at = ? WHERE id = ?").bind(at, id).run();
}
