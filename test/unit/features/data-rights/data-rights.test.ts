import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { activityEntry } from "~/kernel/activity/activity";
import {
  ERASED_PASSWORD,
  ERASED_VALUE,
  erasedActivity,
  erasedActivityValue,
  erasedEmail,
  erasedName,
  erasedTag,
  erasureRefusal,
  erasurePatch,
  isErasedEmail,
  pseudonymiseText,
} from "~/features/data-rights/erasure";
import { LINK_REMOVED, memberForExport, myData, myDataFilename, safeFileName, withoutLinks } from "~/features/data-rights/my-data";
import type { Member } from "~/kernel/store/records";
import { siteSettingsSchema } from "~/kernel/store/site-settings";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
import { SETTINGS_MESSAGES, applySettingsForm, settingChanges, settingsFormSchema, settingsFormValues } from "~/features/studio/site-settings-form";
import { passwordHashKind } from "~/kernel/auth/password.server";
import { newMember } from "../../../support/fixtures";

const ID = "a1b2c3d4e5f60718293a4b5c";
const member = (overrides: Partial<Member> = {}): Member => ({
  ...newMember({
    email: "sara@example.org",
    fullName: "Sara Thomas",
    membership: "Family",
    spouse: { title: "Mr", name: "Tom Thomas", email: "Tom@Example.org", mobile: "07700900000" },
    children: [{ name: "Amy Thomas", birthYear: 2015 }],
    resetKey: "secret-key",
    resetKeyExpiresAt: 1_900_000_000,
  }),
  passwordChangedAt: 1_800_000_000,
  id: ID,
  memberNumber: 1042,
  createdAt: 1_700_000_000,
  ...overrides,
});

describe("erasure (features/data-rights/erasure.ts)", () => {
  it("gives a member a stable pseudonym from their id, the same every time, different for another id", () => {
    expect(erasedName(ID)).toBe("Erased member #a1b2c3d4");
    expect(erasedName(ID)).toBe(erasedName(ID));
    expect(erasedName("ffffffffffffffffffffffff")).not.toBe(erasedName(ID));
    expect(erasedTag(ID)).toBe("a1b2c3d4");
  });

  it("replaces the e-mail with a unique, lower-case address under the reserved .invalid domain", () => {
    expect(erasedEmail(ID)).toBe(`erased-${ID}@erased.invalid`);
    expect(erasedEmail(ID)).not.toBe(erasedEmail("ffffffffffffffffffffffff"));
    expect(isErasedEmail(erasedEmail(ID))).toBe(true);
    expect(isErasedEmail("sara@example.org")).toBe(false);
  });

  it("removes every personal field, consents and sign-in, and keeps the membership facts", () => {
    const patch = erasurePatch(ID, 1_850_000_000.5);
    const after = { ...member(), ...patch };
    expect(after).toMatchObject({
      fullName: "Erased member #a1b2c3d4",
      email: erasedEmail(ID),
      address: "",
      city: "",
      county: "",
      postcode: "",
      mobile: "",
      spouse: null,
      children: [],
      resetKey: null,
      resetKeyExpiresAt: null,
      deleted: true,
      active: false,
      role: "member",
      passwordChangedAt: 1_850_000_000.5,
    });
    expect(Object.values(after.consents).every((given) => given === false)).toBe(true);
    // Not a hash any check reads: no password signs in.
    expect(passwordHashKind(after.passwordHash)).toBe("unknown");
    expect(after.passwordHash).toBe(ERASED_PASSWORD);
    // Kept for the accounts.
    expect(after).toMatchObject({ id: ID, memberNumber: 1042, membership: "Family", lastRenewedYear: 2026, createdAt: 1_700_000_000 });
    // Nothing of the old record is left in any field.
    const text = JSON.stringify(after);
    for (const personal of ["Sara", "Thomas", "Tom", "Amy", "example.org", "07700", "Test Street", "M1 1AA", "Manchester", "secret-key"]) {
      expect(text).not.toContain(personal);
    }
  });

  it("replaces every web address in an e-mail's copy: reset, confirmation, payment and ticket links act for whoever holds them", () => {
    const text =
      "Choose a new password: https://mma.example/reset-account-password/2000/PKvYkey\n" +
      "Confirm [http://localhost:8787/account/email/confirm/tok.en] or pay at https://checkout.stripe.com/c/pay/cs_test_1#frag.\n" +
      "Your ticket (https://mma.example/ticket-success/t1/m1) and nothing else.";
    const cleaned = withoutLinks(text);
    expect(cleaned).not.toMatch(/https?:|PKvYkey|tok\.en|cs_test_1|ticket-success/);
    expect(cleaned.split(LINK_REMOVED)).toHaveLength(5);
    expect(cleaned).toContain("Choose a new password: (link removed)\nConfirm [(link removed)] or pay at (link removed)");
    expect(withoutLinks("No link here.")).toBe("No link here.");
  });

  it("refuses to erase yourself, and a member already erased", () => {
    expect(erasureRefusal(member(), "someone-else")).toBeNull();
    expect(erasureRefusal(member(), ID)).toBe("You cannot erase your own account.");
    expect(erasureRefusal(member({ email: erasedEmail(ID) }), "someone-else")).toBe("This member has already been erased.");
  });

  it("rewrites a log text: every name, longest first; short names are left alone", () => {
    const names = ["Sara", "Sara Thomas", "sara@example.org", "Al"];
    expect(pseudonymiseText("Jane deleted member MMA1042 Sara Thomas (sara@example.org). Also Sara. Also Alan.", names, "X")).toBe(
      "Jane deleted member MMA1042 X (X). Also X. Also Alan.",
    );
    expect(pseudonymiseText("Nothing here.", names, "X")).toBe("Nothing here.");
  });

  it("erases a log value: an object keeps its keys (which fields changed), every other value goes; nothing stays nothing", () => {
    expect(erasedActivityValue({ "E-mail": "sara@example.org", Address: "7 Oxford Road" })).toEqual({ "E-mail": ERASED_VALUE, Address: ERASED_VALUE });
    expect(erasedActivityValue("Sara Thomas")).toBe(ERASED_VALUE);
    expect(erasedActivityValue(["Amy Thomas (2016)"])).toBe(ERASED_VALUE);
    expect(erasedActivityValue(42)).toBe(ERASED_VALUE);
    expect(erasedActivityValue(null)).toBeNull();
    expect(ERASED_VALUE).toBe("(erased)");
  });

  it("rewrites the log entries about a member and their records: every name she had in the texts, the values of entries about them only", () => {
    const jane = { id: "acc", fullName: "Jane Treasurer" };
    const at = new Date(0);
    const sara = { id: ID, fullName: "Sara Thomas", memberNumber: 1042 };
    const entries = [
      // Her name was Sara Jones when this was logged; the correction below holds the old name.
      { id: "e1", ...activityEntry(jane, { kind: "payment-link-sent", member: { ...sara, fullName: "Sara Jones" } }, at) },
      {
        id: "e2",
        ...activityEntry(
          jane,
          {
            kind: "member-corrected",
            member: sara,
            before: { "Full name": "Sara Jones", Address: "7 Oxford Road" },
            after: { "Full name": "Sara Thomas", Address: "9 Secret Lane" },
          },
          at,
        ),
      },
      // About her payment (found by its id): names her as the payer.
      {
        id: "e3",
        ...activityEntry(
          jane,
          {
            kind: "refunded",
            transaction: { id: "tx-1", title: "Registration Fee", memberName: "Sara Thomas", userId: ID },
            amount: 2000,
            method: "record",
            undone: false,
          },
          at,
        ),
      },
      // By her (she was an accountant): the setting's values are not hers and stay.
      { id: "e4", ...activityEntry({ id: ID, fullName: "Sara Thomas" }, { kind: "setting-changed", key: "general", before: "Old", after: "New" }, at) },
      // Neither about nor by her: left alone, though it names someone called Sara.
      { id: "e5", ...activityEntry(jane, { kind: "member-deleted", member: { id: "other", fullName: "Sara Thomas", memberNumber: 7 } }, at) },
      // About a ticket not among the ids: found by the member id it carries (its holder's). Written before member ids were kept, it would not be.
      {
        id: "e6",
        ...activityEntry(jane, { kind: "member-corrected", member: sara, before: { Phone: "0161 1" }, after: { Phone: "0161 2" } }, at),
        subjectId: "t-9",
      },
      {
        id: "e7",
        ...activityEntry(jane, { kind: "member-corrected", member: sara, before: { Phone: "0161 1" }, after: { Phone: "0161 2" } }, at),
        subjectId: "t-9",
        memberId: null,
      },
    ];
    const changes = erasedActivity(entries, { ids: [ID, "tx-1"], names: ["Sara Thomas"], pseudonym: "X" });
    // e7 (no member id, a subject not among the ids) is not found: the ids are all there is to go by.
    expect(changes.map((change) => change.id)).toEqual(["e1", "e2", "e3", "e4", "e6"]);
    const byId = Object.fromEntries(changes.map((change) => [change.id, change]));
    expect(byId.e1).toMatchObject({ subjectName: "MMA1042 X", summary: "Jane Treasurer sent member MMA1042 X a payment link." });
    expect(byId.e2).toMatchObject({
      summary: "Jane Treasurer corrected member MMA1042 X: Full name, Address.",
      before: { "Full name": ERASED_VALUE, Address: ERASED_VALUE },
      after: { "Full name": ERASED_VALUE, Address: ERASED_VALUE },
    });
    expect(byId.e3).toMatchObject({
      subjectName: 'payment "Registration Fee" by X',
      summary: 'Jane Treasurer refunded £20.00 of "Registration Fee" paid by X (recorded only).',
    });
    expect(byId.e3).not.toHaveProperty("before");
    expect(byId.e4).toMatchObject({ actorName: "X", before: "Old", after: "New", summary: "X changed the setting general." });
    expect(byId.e6).toMatchObject({ before: { Phone: ERASED_VALUE }, after: { Phone: ERASED_VALUE } });
    // Once erased, nothing more changes.
    const applied = entries.map((entry) => ({ ...entry, ...byId[entry.id] }));
    expect(erasedActivity(applied, { ids: [ID, "tx-1"], names: ["Sara Thomas"], pseudonym: "X" })).toEqual([]);
  });

  it("records an erasure by the pseudonym only", () => {
    const entry = activityEntry({ id: "acc", fullName: "Jane Treasurer" }, { kind: "member-erased", memberId: ID, pseudonym: erasedName(ID) }, new Date(0));
    expect(entry).toMatchObject({ kind: "member-erased", subjectId: ID, subjectName: "Erased member #a1b2c3d4" });
    expect(entry.summary).toBe("Jane Treasurer erased the personal data of Erased member #a1b2c3d4.");
  });
});

describe("download my data (features/data-rights/my-data.ts)", () => {
  it("leaves out the password hash, reset key and password time, and keeps everything else", () => {
    const exported = memberForExport(member());
    expect(exported).not.toHaveProperty("passwordHash");
    expect(exported).not.toHaveProperty("resetKey");
    expect(exported).not.toHaveProperty("resetKeyExpiresAt");
    expect(exported).not.toHaveProperty("passwordChangedAt");
    expect(exported).toMatchObject({ fullName: "Sara Thomas", email: "sara@example.org", memberNumber: 1042 });
  });

  it("puts the household, payments, tickets, e-mails (without their HTML) and messages in one document", () => {
    const now = new Date("2026-11-24T23:30:00Z");
    const doc = myData({
      member: member(),
      transactions: [],
      tickets: [],
      emails: [
        {
          id: "e1",
          to: ["sara@example.org"],
          subject: "Hello",
          html: "<p>Hello</p>",
          text: "Hello, reset at https://mma.example/reset-account-password/1/key",
          purpose: "contact",
          memberId: ID,
          status: "sent",
          provider: "resend",
          providerId: "p1",
          error: null,
          createdAt: 1,
          updatedAt: 2,
        },
      ],
      contactMessages: [],
      sessions: [
        {
          id: "0123456789abcdef0123456789abcdef",
          memberId: ID,
          createdAt: 1700000000.25,
          lastSeenAt: 1700000600,
          expiresAt: 1701209600,
          userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
          country: "GB",
          secondStepRequired: false,
          secondStepAt: null,
          revokedAt: null,
        },
      ],
      now,
    });
    // A device as its owner would know it, never the session's id (half of what signs it in).
    expect(doc.devices).toEqual([
      expect.objectContaining({ browser: "Chrome on Android", country: "United Kingdom", firstSeen: 1700000000, lastSeen: 1700000600 }),
    ]);
    expect(JSON.stringify(doc)).not.toContain("0123456789abcdef0123456789abcdef");
    expect(doc.household.spouse?.name).toBe("Tom Thomas");
    expect(doc.household.children).toEqual([{ name: "Amy Thomas", birthYear: 2015 }]);
    expect(doc.emails).toEqual([
      { id: "e1", to: ["sara@example.org"], subject: "Hello", text: "Hello, reset at (link removed)", purpose: "contact", status: "sent", createdAt: 1 },
    ]);
    expect(doc.generatedAt).toBe("2026-11-24T23:30:00.000Z");
    expect(JSON.stringify(doc)).not.toContain("secret-key");
  });

  it("names the file after the member and the day in UK time", () => {
    expect(myDataFilename("Sara Thomas", new Date("2026-11-24T12:00:00Z"), "json")).toBe("sara-thomas-data-2026-11-24.json");
    expect(myDataFilename("Sara Thomas", new Date("2026-11-24T12:00:00Z"), "html")).toBe("sara-thomas-data-2026-11-24.html");
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(myDataFilename("Sara Thomas", new Date("2026-06-30T23:30:00Z"), "json")).toBe("sara-thomas-data-2026-07-01.json");
  });

  it("makes the name safe: ASCII letters, digits and hyphens, else 'member'", () => {
    expect(safeFileName("Zoë  O'Brien-Smith")).toBe("zoe-o-brien-smith");
    expect(safeFileName('Dr. "Ann" <b>Lee</b>\r\n; filename=evil.exe')).toBe("dr-ann-b-lee-b-filename-evil-exe");
    expect(safeFileName("../../etc/passwd")).toBe("etc-passwd");
    expect(safeFileName("Ünal Çelik 2")).toBe("unal-celik-2");
    expect(safeFileName("محمد")).toBe("member");
    expect(safeFileName("   ")).toBe("member");
    expect(safeFileName("a".repeat(60))).toHaveLength(40);
    expect(safeFileName(`${"a".repeat(39)} b`)).toBe("a".repeat(39));
    // Whatever comes in, only the allowed characters come out.
    for (const name of ["Mr Ω Test", "x\u0000y", "tab\tname", "emoji 😀 name", "名前 Name"]) expect(safeFileName(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe("retention settings (the Site settings form)", () => {
  const parse = (values: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) if (name !== "registrationDisabled" || value === "on") form.append(name, value);
    return parseWithZod(form, { schema: settingsFormSchema, disableAutoCoercion: true });
  };

  it("starts at 6 years, 365 days and 730 days, and round-trips what the accountant types", () => {
    const settings = defaultSiteSettings();
    expect(settings.retention).toEqual({ paymentYears: 6, outboxDays: 365, contactDays: 730 });
    const values = { ...settingsFormValues(settings), retentionPaymentYears: "7", retentionOutboxDays: "90", retentionContactDays: " 400 " };
    const submission = parse(values);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const next = applySettingsForm(settings, submission.value, "accountant");
    expect(next.retention).toEqual({ paymentYears: 7, outboxDays: 90, contactDays: 400 });
    expect(settingChanges(settings, next).map((change) => change.key)).toEqual([
      "Keep payment records for (years)",
      "Keep outbox e-mails for (days)",
      "Keep contact messages for (days)",
    ]);
  });

  it("refuses what is not a whole number in range, with the field's message", () => {
    const values = { ...settingsFormValues(defaultSiteSettings()), retentionPaymentYears: "0", retentionOutboxDays: "1.5", retentionContactDays: "" };
    const reply = parse(values).reply();
    expect(reply.error?.retentionPaymentYears).toEqual([SETTINGS_MESSAGES.wholeNumber(1, 100)]);
    expect(reply.error?.retentionOutboxDays).toEqual([SETTINGS_MESSAGES.wholeNumber(1, 36500)]);
    expect(reply.error?.retentionContactDays).toEqual([SETTINGS_MESSAGES.wholeNumber(1, 36500)]);
  });

  it("reads settings saved before retention existed with the defaults", () => {
    const { retention: _dropped, ...older } = defaultSiteSettings();
    expect(siteSettingsSchema.parse(older).retention).toEqual({ paymentYears: 6, outboxDays: 365, contactDays: 730 });
  });
});
