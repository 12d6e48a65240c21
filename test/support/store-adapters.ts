import { afterAll, beforeAll, describe } from "vitest";
import { DEFAULT_VERIFY_DELAY_MS } from "~/kernel/store/cockpit/best-effort.server";
import { createCockpitClient } from "~/kernel/store/cockpit/client.server";
import { createCockpitStore } from "~/kernel/store/cockpit/index.server";
import { createD1Store } from "~/kernel/store/d1/index.server";
import type { Id, UnixSeconds } from "~/kernel/store/records";
import type { Store } from "~/kernel/store/port";
import { createTestD1 } from "./d1";
import { startCockpitBackend, type CockpitBackend, type CockpitBackendOptions } from "./cockpit-backend";
import { realCockpitTemplate } from "./real-cockpit";
import { TIMEOUTS } from "./time-budget";

/**
 * The contract suite's harness (test/integration/contract): one describe block run once
 * per store adapter, so the same tests hold the D1 adapter (real local D1 in workerd) and
 * the Cockpit adapter (the site's Cockpit client against a fresh fake Cockpit in this
 * process) to the same port. In `npm run test:cockpit-real` (scripts/test-cockpit-real.ts)
 * the blocks run once, as "<name> (cockpit v1)", each against a real Cockpit v1 of its own
 * (test/support/cockpit-backend.ts); D1 is covered by the usual run.
 *
 *   describeStore("members", {}, (t) => {
 *     it("...", async () => { await t.store.members.register(...); });
 *   });
 *
 * gives "members (d1)" and "members (cockpit)". Each run has its own fresh D1 (the
 * Cockpit store keeps the outbox in D1, as the site does) and, for Cockpit, its own
 * server, created before the block's tests and stopped after them. Every block runs on
 * both adapters: tests about one adapter's specifics live outside the contract folder.
 */

export type StoreKind = Store["kind"];

export interface StoreContext {
  readonly kind: StoreKind;
  readonly store: Store;
  /** The D1 database of this run (the whole store for D1; the outbox for Cockpit). */
  readonly db: D1Database;
  /** The run's MEDIA bucket (R2, in memory): the documents' files on D1, and relative paths' files on Cockpit. */
  readonly media: R2Bucket;
  /** The Cockpit of a Cockpit run (null for D1), fake or real: what it holds is readable through its API. */
  readonly cockpit: CockpitBackend | null;
}

export interface DescribeStoreOptions {
  /** What the Cockpit starts with (the old site's collections always exist, empty). */
  cockpit?: CockpitBackendOptions | (() => Promise<CockpitBackendOptions>);
  /** Fills the fresh D1 of the D1 run before the block's tests (e.g. the demo seed). */
  seedD1?: (db: D1Database, media: R2Bucket) => Promise<void>;
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
  if (realCockpitTemplate()) {
    describe(`${name} (cockpit v1)`, () => body(useStore("cockpit", options)));
    return;
  }
  describe(`${name} (d1)`, () => body(useStore("d1", options)));
  describe(`${name} (cockpit)`, () => body(useStore("cockpit", options)));
}

/** The store of one run, made before the enclosing block's tests and disposed after them. */
function useStore(kind: StoreKind, options: DescribeStoreOptions): StoreContext {
  const state = { kind, cockpit: null } as { kind: StoreKind; store: Store; db: D1Database; media: R2Bucket; cockpit: CockpitBackend | null };
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    const d1 = await createTestD1();
    cleanups.push(d1.dispose);
    state.db = d1.db;
    state.media = d1.media;
    if (kind === "d1") {
      state.store = createD1Store(d1.db, d1.media);
      await options.seedD1?.(d1.db, d1.media);
      return;
    }
    const cockpitOptions = typeof options.cockpit === "function" ? await options.cockpit() : options.cockpit;
    const cockpit = await startCockpitBackend(cockpitOptions);
    cleanups.push(cockpit.stop);
    state.cockpit = cockpit;
    // The client's own bound (a few seconds) is the site's promise to visitors; here the
    // Cockpit is a test's, sharing a loaded machine, so the bound is the tests' poll net.
    const client = createCockpitClient({ baseUrl: cockpit.url, token: cockpit.token, timeoutMs: TIMEOUTS.poll });
    state.store = createCockpitStore(client, d1.db, { media: d1.media, verifyDelayMs: options.verifyDelayMs ?? DEFAULT_VERIFY_DELAY_MS });
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return state;
}

/**
 * Sets a ticket's creation time, for tests that need a known order. Not a port method
 * (records are created "now"): on D1 a SQL update, on Cockpit an update of `_created`.
 */
export async function setTicketCreatedAt(t: StoreContext, id: Id, at: UnixSeconds): Promise<void> {
  if (t.cockpit) return t.cockpit.setCreated("tickets", id, at);
  await t.db.prepare("UPDATE tickets SET created_at = ? WHERE id = ?").bind(at, id).run();
}
