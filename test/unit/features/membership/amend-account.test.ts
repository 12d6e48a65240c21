import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it, vi } from "vitest";
import type { Member, MemberPatch } from "~/kernel/store/records";
import { replyErrors } from "~/kernel/forms/reply";
import { INVALID_FORM_MESSAGE } from "~/features/membership/member-details-form";
import { accountFormValues, amendFormSchema, loadAmendAccount, updateAccountDetails as save } from "~/features/membership/account.server";

const NOW = new Date("2026-05-10T12:00:00Z");

function member(overrides: Partial<Member> = {}): Member {
  return {
    id: "m1",
    memberNumber: 7,
    email: "ada@example.org",
    passwordHash: "pbkdf2$secret",
    title: "Dr",
    fullName: "Ada Lovelace",
    address: "1 Mill Lane",
    city: "Manchester",
    county: "",
    postcode: "M1 1AA",
    mobile: "07700900000",
    membership: "Single",
    spouse: null,
    children: [],
    consents: { agreeTerms: true, giftAid: true, resident: true, payment: true, childPhoto: false, childPhotoShare: false },
    role: "member",
    active: true,
    registrationPaid: true,
    lastRenewedYear: 2026,
    deleted: false,
    resetKey: null,
    resetKeyExpiresAt: null,
    createdAt: 0,
    ...overrides,
  };
}

function fakeContext() {
  const update = vi.fn(async (_id: string, _patch: MemberPatch) => null);
  return { context: { store: { members: { update } } } as unknown as AppLoadContext, update };
}

/** As the Edit Account action handles a post: parse (the membership rule, then the schema), then save. */
async function updateAccountDetails(context: AppLoadContext, who: Member, data: FormData, now: Date) {
  const { schema, membershipError } = amendFormSchema(who, data, now);
  const submission = parseWithZod(data, { schema, disableAutoCoercion: true });
  const values = (submission.reply().initialValue ?? {}) as Record<string, string>;
  if (data.get("intent") === "update-fields") {
    return { kind: "refresh" as const, values, errors: membershipError ? { membership: membershipError } : {}, formError: membershipError };
  }
  if (membershipError) return { kind: "invalid" as const, values, errors: { membership: membershipError }, formError: membershipError };
  if (submission.status !== "success") return { kind: "invalid" as const, values, errors: replyErrors(submission.reply()), formError: INVALID_FORM_MESSAGE };
  return save(context, who, submission.value);
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const single = {
  title: "Dr",
  fullName: "Ada Lovelace",
  address: "1 Mill Lane",
  city: "Manchester",
  county: "",
  postcode: "m1 1aa",
  mobile: "07700 900000",
  membership: "Single",
};
const spouse = { spouseTitle: "Mr", spouseName: "William King", spouseEmail: "WILL@example.org", spouseMobile: "07700900001" };

describe("Edit Account: the form's values", () => {
  it("prefills a Family member's spouse, children and consents", () => {
    const values = accountFormValues(
      member({
        membership: "Family",
        spouse: { title: "Mr", name: "William King", email: "w@example.org", mobile: "07700900001" },
        children: [{ name: "Byron", birthYear: 2015 }],
        consents: { ...member().consents, childPhoto: true, childPhotoShare: true },
      }),
    );
    expect(values).toMatchObject({
      membership: "Family",
      spouseName: "William King",
      childCount: "1",
      childName1: "Byron",
      childYear1: "2015",
      childPhotoConcent: "on",
    });
  });
  it("never carries the password hash or the e-mail into the form", () => {
    const loaded = loadAmendAccount(member(), NOW);
    expect(JSON.stringify(loaded.values)).not.toContain("pbkdf2");
    expect(loaded.values).not.toHaveProperty("email");
    expect(loaded.canUpgrade).toBe(true);
    expect(loadAmendAccount(member({ lastRenewedYear: 2025 }), NOW).canUpgrade).toBe(false);
  });
});

describe("Edit Account: a post", () => {
  it("saves a Single member's details only, to the signed-in member, whatever id the form carries", async () => {
    const { context, update } = fakeContext();
    const result = await updateAccountDetails(context, member(), form({ ...single, id: "someone-else", email: "x@example.org", intent: "save" }), NOW);
    expect(result).toEqual({ kind: "saved" });
    expect(update).toHaveBeenCalledTimes(1);
    const [id, patch] = update.mock.calls[0]!;
    expect(id).toBe("m1");
    expect(patch).toMatchObject({ fullName: "Ada Lovelace", postcode: "M1 1AA", mobile: "07700900000", spouse: null, children: [] });
    expect(patch).not.toHaveProperty("email");
    expect(patch).not.toHaveProperty("membership");
  });

  it("refuses empty required fields with the form message and field messages", async () => {
    const { context, update } = fakeContext();
    const result = await updateAccountDetails(context, member(), form({ ...single, fullName: "", mobile: "123", intent: "save" }), NOW);
    expect(result.kind).toBe("invalid");
    if (result.kind !== "invalid") return;
    expect(result.formError).toBe("Empty field is not allowed!");
    expect(result.errors.fullName).toBeTruthy();
    expect(result.errors.mobile).toBe("Mobile number must be 10 to 11 digits");
    expect(result.values.mobile).toBe("123");
    expect(update).not.toHaveBeenCalled();
  });

  it("update-fields re-renders without saving or validating", async () => {
    const { context, update } = fakeContext();
    const result = await updateAccountDetails(
      context,
      member({ membership: "Family" }),
      form({ ...single, membership: "Family", childCount: "3", intent: "update-fields" }),
      NOW,
    );
    expect(result).toMatchObject({ kind: "refresh", errors: {}, formError: null });
    if (result.kind === "refresh") expect(result.values.childCount).toBe("3");
    expect(update).not.toHaveBeenCalled();
  });

  it("refuses an upgrade before this year's subscription is paid, on update-fields and on save", async () => {
    const { context, update } = fakeContext();
    const unpaid = member({ lastRenewedYear: 2025 });
    for (const intent of ["update-fields", "save"]) {
      const result = await updateAccountDetails(context, unpaid, form({ ...single, ...spouse, membership: "Family", intent }), NOW);
      expect(result.kind).toBe(intent === "save" ? "invalid" : "refresh");
      if (result.kind === "saved" || result.kind === "upgrade") return;
      expect(result.errors.membership).toBe("Please pay your subscription before adding family!");
      // The form goes back to Single, so no Family fields are shown.
      expect(result.values.membership).toBe("Single");
    }
    expect(update).not.toHaveBeenCalled();
  });

  it("an allowed upgrade saves the contact details only: the family goes with the upgrade's payment (ADR 26)", async () => {
    const { context, update } = fakeContext();
    const result = await updateAccountDetails(
      context,
      member(),
      form({ ...single, address: "2 New Road", ...spouse, membership: "Family", childCount: "0", intent: "save" }),
      NOW,
    );
    expect(result.kind).toBe("upgrade");
    if (result.kind !== "upgrade") return;
    expect(result.family.spouse).toEqual({ title: "Mr", name: "William King", email: "will@example.org", mobile: "07700900001" });
    expect(result.family.children).toEqual([]);
    const patch = update.mock.calls[0]![1];
    expect(patch.address).toBe("2 New Road");
    expect(patch).not.toHaveProperty("spouse");
    expect(patch).not.toHaveProperty("children");
    expect(patch).not.toHaveProperty("membership");
  });

  it("a Single member's form shows what is stored: Single, even with a spouse left on an old record", () => {
    const values = accountFormValues(member({ spouse: { title: "Mr", name: "William King", email: "w@example.org", mobile: "07700900001" } }));
    expect(values.membership).toBe("Single");
  });

  it("a Family with children must tick both photo consents; each child needs a name and a 4-digit year", async () => {
    const { context } = fakeContext();
    const family = member({ membership: "Family" });
    const result = await updateAccountDetails(
      context,
      family,
      form({ ...single, ...spouse, membership: "Family", childCount: "1", childName1: "", childYear1: "20155", intent: "save" }),
      NOW,
    );
    expect(result.kind).toBe("invalid");
    if (result.kind !== "invalid") return;
    expect(result.errors.childName1).toBe("Please enter the child's name");
    expect(result.errors.childYear1).toMatch(/^Year of birth must be/);
    expect(result.errors.childPhotoConcent).toBe("Please agree to proceed.");
    expect(result.errors.childPhotoShareConcent).toBe("Please agree to proceed.");
  });

  it("a Family member cannot step down to Single here", async () => {
    const { context, update } = fakeContext();
    const result = await updateAccountDetails(context, member({ membership: "Family" }), form({ ...single, intent: "save" }), NOW);
    expect(result.kind).toBe("invalid");
    expect(update).not.toHaveBeenCalled();
  });
});
