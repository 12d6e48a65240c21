import { describe, expect, it } from "vitest";
import { EVENT_MONEY_FIELDS, errorsNameMoney, eventFormDataFor, eventFormValuesFor, maySetEventMoney } from "~/features/studio/event-field-access";
import { studioPartsFor } from "~/features/studio/studio";

const STORED = { title: "Winter Social", ticketType: "Individual", singlePrice: "12.50", singlePriceId: "price_single", familyPrice: "0.00" };

describe("the money on the Upcoming event form (features/studio/event-field-access.ts)", () => {
  it("is every ticket price and its Stripe price id, and is the accountant's alone", () => {
    expect(EVENT_MONEY_FIELDS).toEqual(expect.arrayContaining(["singlePrice", "singlePriceId", "christmasKidsPrice", "christmasKidsPriceId"]));
    expect(EVENT_MONEY_FIELDS).toHaveLength(10);
    expect(EVENT_MONEY_FIELDS).not.toContain("ticketType");
    expect(maySetEventMoney("accountant")).toBe(true);
    for (const role of ["editor", "member"] as const) expect(maySetEventMoney(role)).toBe(false);
  });

  it("is not among the values an editor's page carries", () => {
    expect(eventFormValuesFor("editor", STORED)).toEqual({ title: "Winter Social", ticketType: "Individual" });
    expect(eventFormValuesFor("accountant", STORED)).toEqual(STORED);
  });

  it("keeps the stored prices whatever an editor sends, and takes an accountant's", () => {
    const sent = new FormData();
    sent.set("title", "New title");
    sent.set("singlePrice", "0.01");
    sent.set("singlePriceId", "price_editors_own");
    const asEditor = eventFormDataFor("editor", sent, STORED);
    expect(asEditor.get("title")).toBe("New title");
    expect(asEditor.get("singlePrice")).toBe("12.50");
    expect(asEditor.get("singlePriceId")).toBe("price_single");
    // A money field the settings do not hold is sent empty, never what the editor typed.
    expect(asEditor.get("christmasAdultPrice")).toBe("");
    expect(eventFormDataFor("accountant", sent, STORED).get("singlePrice")).toBe("0.01");
  });

  it("tells an error about the money from the rest", () => {
    expect(errorsNameMoney({ singlePriceId: ["Enter the Stripe price id for this price."] })).toBe(true);
    expect(errorsNameMoney({ title: ["Too long"] })).toBe(false);
    expect(errorsNameMoney(undefined)).toBe(false);
  });

  it("names fees and price ids in the studio's lines for accountants only", () => {
    const line = (role: "editor" | "accountant", id: string) => studioPartsFor(role).find((part) => part.id === id)!.summary;
    expect(line("editor", "settings")).not.toMatch(/fee|price/i);
    expect(line("editor", "event")).not.toMatch(/fee|price/i);
    expect(line("accountant", "settings")).toMatch(/fees and their price ids/);
    expect(line("accountant", "event")).toMatch(/prices/);
  });
});
