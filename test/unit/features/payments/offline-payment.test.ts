import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { activityEntry } from "~/kernel/activity/activity";
import { renewalCharge, upgradeCharge, registrationCharge, registrationFeeLines } from "~/features/payments/fees";
import {
  OFFLINE_MESSAGES,
  PART_PAYMENT_NOTE,
  afterRecordingPath,
  recordedMessage,
  amountMismatchMessage,
  isIsoDay,
  memberPaymentCharge,
  paymentReference,
  memberPaymentDue,
  methodLabel,
  offlinePaymentWords,
} from "~/features/payments/offline-payment";
import { offlinePaymentSchema } from "~/features/payments/offline-payment-form";
import { readDeskPayment } from "~/features/door/ticket-desk";
import { demoSettings } from "../../../../seed/demo-content";

const fees = demoSettings(2026).membership;
const member = (over: Partial<{ registrationPaid: boolean; lastRenewedYear: number | null; membership: "Single" | "Family"; deleted: boolean }> = {}) => ({
  registrationPaid: true,
  lastRenewedYear: 2025,
  membership: "Single" as const,
  deleted: false,
  ...over,
});

describe("offline payments: what a member may pay now", () => {
  it("is the registration while it is unpaid, then this year's renewal, then the change to Family", () => {
    expect(memberPaymentDue(member({ registrationPaid: false, lastRenewedYear: null }), 2026)).toBe("registration");
    expect(memberPaymentDue(member({ lastRenewedYear: 2025 }), 2026)).toBe("renewal");
    expect(memberPaymentDue(member({ lastRenewedYear: 2026 }), 2026)).toBe("upgrade");
    expect(memberPaymentDue(member({ lastRenewedYear: 2026, membership: "Family" }), 2026)).toBeNull();
    expect(memberPaymentDue(member({ deleted: true }), 2026)).toBeNull();
  });

  it("charges what the member's own checkout charges", () => {
    const now = new Date(Date.UTC(2026, 5, 1, 12));
    expect(memberPaymentCharge("renewal", fees, "Family", now)).toEqual(renewalCharge(fees, "Family"));
    expect(memberPaymentCharge("upgrade", fees, "Single", now)).toEqual(upgradeCharge(fees, 6));
    expect(memberPaymentCharge("registration", fees, "Single", now)).toEqual(registrationCharge(registrationFeeLines(fees, "Single", now)));
  });
});

describe("offline payments: after recording", () => {
  it("goes back to the members table, or on to Edit Member after a change to Family (its spouse and children are added there)", () => {
    expect(afterRecordingPath("registration", "m1")).toBe("/accounts");
    expect(afterRecordingPath("renewal", "m1")).toBe("/accounts");
    expect(afterRecordingPath("upgrade", "m1")).toBe("/accounts/members/m1/edit");
    expect(recordedMessage("renewal", "cash", "Renewal 2026, Ann")).toBe("Cash payment recorded: Renewal 2026, Ann.");
    expect(recordedMessage("upgrade", "bank", "Change to Family 2026, Ann")).toBe(
      "Bank transfer payment recorded: Change to Family 2026, Ann. Now add their spouse and children.",
    );
  });
});

describe("offline payments: labels", () => {
  it("names each method, and a record without one as a card payment", () => {
    expect(methodLabel(undefined)).toBe("Card");
    expect(methodLabel(null)).toBe("Card");
    expect(methodLabel("cash")).toBe("Cash");
    expect(methodLabel("bank")).toBe("Bank transfer");
    expect(methodLabel("cheque")).toBe("Cheque");
    expect(offlinePaymentWords("bank", "Renewal 2026", 1000)).toBe("a bank transfer payment for Renewal 2026 of £10.00");
  });

  it("records the payment in the activity log with the member", () => {
    const entry = activityEntry(
      { id: "a", fullName: "Tess Treasurer" },
      { kind: "offline-payment-recorded", member: { id: "m", fullName: "Sam Single", memberNumber: 3 }, payment: "a cash payment for Renewal 2026 of £10.00" },
      new Date(),
    );
    expect(entry.summary).toBe("Tess Treasurer recorded a cash payment for Renewal 2026 of £10.00 from member MMA3 Sam Single.");
    expect(entry.subjectId).toBe("m");
  });

  it("reads the desk's payment choice", () => {
    expect(readDeskPayment("cash")).toBe("cash");
    expect(readDeskPayment("link")).toBe("link");
    expect(readDeskPayment("card")).toBeNull();
    expect(readDeskPayment(null)).toBeNull();
  });
});

describe("offline payments: the form", () => {
  const schema = offlinePaymentSchema({ expected: 1000, today: "2026-11-24" });
  const parse = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return parseWithZod(form, { schema });
  };
  const errors = (fields: Record<string, string>) => {
    const result = parse(fields);
    return result.status === "success" ? {} : result.reply().error;
  };
  const ok = { method: "cash", paidOn: "2026-11-24", amount: "10.00" };

  it("accepts cash of the full amount received today or before, without a reference", () => {
    const result = parse(ok);
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value).toEqual({ method: "cash", reference: "", paidOn: "2026-11-24", amount: 1000 });
    expect(parse({ ...ok, paidOn: "2026-01-02", amount: "£10" }).status).toBe("success");
  });

  it("needs a reference for a bank transfer or a cheque", () => {
    expect(errors({ ...ok, method: "bank" })).toEqual({ reference: [OFFLINE_MESSAGES.reference] });
    expect(errors({ ...ok, method: "cheque", reference: "  " })).toEqual({ reference: [OFFLINE_MESSAGES.reference] });
    expect(parse({ ...ok, method: "cheque", reference: "000123" }).status).toBe("success");
  });

  it("refuses another amount, saying what it must be and that part payments are not supported", () => {
    expect(errors({ ...ok, amount: "5.00" })).toEqual({ amount: [amountMismatchMessage(1000)] });
    expect(amountMismatchMessage(1000)).toBe(`The amount must be £10.00, the full amount due. ${PART_PAYMENT_NOTE}`);
    expect(errors({ ...ok, amount: "ten" })?.amount).toHaveLength(1);
  });

  it("refuses a day in the future, a day that does not exist, and an unknown method", () => {
    expect(errors({ ...ok, paidOn: "2026-11-25" })).toEqual({ paidOn: [OFFLINE_MESSAGES.paidOnFuture] });
    expect(errors({ ...ok, paidOn: "2026-02-30" })).toEqual({ paidOn: [OFFLINE_MESSAGES.paidOn] });
    expect(errors({ ...ok, method: "card" })).toEqual({ method: [OFFLINE_MESSAGES.method] });
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("24-11-2026")).toBe(false);
  });
});

describe("a payment's reference in the lists (docs/requirements.md §4.9)", () => {
  const base = { priceRef: "price_demo_single_renew", reference: null };
  it("a card payment shows its provider price; an offline one its method and reference, never the fee's price id", () => {
    expect(paymentReference({ ...base })).toBe("price_demo_single_renew");
    expect(paymentReference({ ...base, method: "card" })).toBe("price_demo_single_renew");
    expect(paymentReference({ ...base, method: "cash" })).toBe("Cash");
    expect(paymentReference({ ...base, method: "cheque", reference: " 004512 " })).toBe("Cheque 004512");
    expect(paymentReference({ ...base, method: "bank", reference: "BACS 77" })).toBe("Bank transfer BACS 77");
  });
});
