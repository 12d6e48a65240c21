import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Transaction } from "~/kernel/store/records";
import { clientReference } from "~/features/payments/payments.server";
import { settleWithSession } from "~/features/payments/settlement.server";
import { createCockpitClient } from "~/kernel/store/cockpit/client.server";
import { createCockpitStore } from "~/kernel/store/cockpit/index.server";
import type { Store } from "~/kernel/store/port";
import { createTestD1 } from "../../../../support/d1";
import { startFakeCockpit, type FakeCockpit } from "../../../../support/fake-cockpit";
import { newMember, newTransaction } from "../../../../support/fixtures";

/**
 * A settlement that fails halfway on the Cockpit store (the transaction is written as
 * settled, then the member's write fails) is finished by the next call: the return page,
 * the webhook or Reconcile find the transaction settled and write the member's change.
 */
let fake: FakeCockpit;
let store: Store;
let dispose: () => Promise<void>;
let failMemberSave = false;

beforeAll(async () => {
  fake = await startFakeCockpit();
  const d1 = await createTestD1();
  dispose = d1.dispose;
  // The fake answers the member's save (and only it) with a 500, once.
  const failingFetch: typeof fetch = (input, init) => {
    if (failMemberSave && String(input).includes("collections/save/userlist")) {
      failMemberSave = false;
      fake.failNext(500, '{"error":"Database is locked"}');
    }
    return fetch(input, init);
  };
  store = createCockpitStore(createCockpitClient({ baseUrl: fake.url, token: fake.token, fetch: failingFetch }), d1.db, { verifyDelayMs: 5 });
});

afterAll(async () => {
  await fake?.stop();
  await dispose?.();
});

const paidSession = (t: Transaction) => ({
  id: `cs_test_${t.id}`,
  url: null,
  paymentStatus: "paid" as const,
  status: "complete" as const,
  clientReferenceId: clientReference(t),
  metadata: { transactionId: t.id },
  amountTotal: t.unitAmount * t.qty,
  currency: "gbp",
});

describe("a settlement whose member write failed (Cockpit store)", () => {
  it("is completed by the next settle call: the member ends up renewed, once", async () => {
    const member = await store.members.register(newMember({ lastRenewedYear: 2025 }));
    const transaction = await store.transactions.create(newTransaction(member.id, { paymentType: "renew", year: 2026 }));
    const context = { store } as unknown as AppLoadContext;

    failMemberSave = true;
    await expect(settleWithSession(context, transaction, paidSession(transaction))).rejects.toThrow();
    expect(failMemberSave).toBe(false);
    expect((await store.transactions.getById(transaction.id))?.status).toBe("success");
    expect((await store.members.getById(member.id))?.lastRenewedYear).toBe(2025);

    // The webhook (or the return page) comes again.
    const again = await settleWithSession(context, transaction, paidSession(transaction));
    expect(again.outcome).toBe("already-settled");
    expect((await store.members.getById(member.id))?.lastRenewedYear).toBe(2026);

    // A third call finds nothing to complete: no more writes to the member.
    const saves = () => fake.requests.filter((r) => r.path.includes("collections/save/userlist")).length;
    const before = saves();
    expect((await settleWithSession(context, transaction, paidSession(transaction))).outcome).toBe("already-settled");
    expect(saves()).toBe(before);
  });
});
