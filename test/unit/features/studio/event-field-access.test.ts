import { describe, expect, it } from "vitest";
import { EVENT_ACCOUNTANT_FIELDS, errorsNameTickets, eventFormDataFor, eventFormValuesFor, maySetEventTickets } from "~/features/studio/event-field-access";
import { studioPartsFor } from "~/features/studio/studio";

const STORED = { title: "Winter Social", ticketType: "Individual", singlePrice: "12.50", singlePriceId: "price_single", familyPrice: "0.00" };

describe("the tickets on the event form (features/studio/event-field-access.ts)", () => {
  it("are every ticket price and its Stripe price id, the type, groups, capacity and booking days, and are the accountant's alone", () => {
    expect(EVENT_ACCOUNTANT_FIELDS).toEqual(
      expect.arrayContaining(["singlePrice", "singlePriceId", "christmasKidsPrice", "christmasKidsPriceId", "ticketType", "ticketPattern", "capacity"]),
    );
    expect(EVENT_ACCOUNTANT_FIELDS).toEqual(expect.arrayContaining(["bookingOpensOn", "lastBookingDate"]));
    expect(EVENT_ACCOUNTANT_FIELDS).toHaveLength(15);
    for (const name of ["title", "descriptionHtml", "date", "startTime", "endTime", "venue", "published"]) expect(EVENT_ACCOUNTANT_FIELDS).not.toContain(name);
    expect(maySetEventTickets("accountant")).toBe(true);
    for (const role of ["editor", "member"] as const) expect(maySetEventTickets(role)).toBe(false);
  });

  it("are not among the values an editor's page carries", () => {
    expect(eventFormValuesFor("editor", STORED)).toEqual({ title: "Winter Social" });
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
    sent.set("ticketType", "Christmas");
    expect(eventFormDataFor("editor", sent, STORED).get("ticketType")).toBe("Individual");
    // A tickets field the event does not hold is sent empty, never what the editor typed.
    expect(asEditor.get("christmasAdultPrice")).toBe("");
    expect(eventFormDataFor("accountant", sent, STORED).get("singlePrice")).toBe("0.01");
  });

  it("tells an error about the tickets from the rest", () => {
    expect(errorsNameTickets({ singlePriceId: ["Enter the Stripe price id for this price."] })).toBe(true);
    expect(errorsNameTickets({ lastBookingDate: ["The last booking day cannot be after the event."] })).toBe(true);
    expect(errorsNameTickets({ title: ["Too long"] })).toBe(false);
    expect(errorsNameTickets(undefined)).toBe(false);
  });

  it("names fees and price ids in the studio's lines for accountants only", () => {
    const line = (role: "editor" | "accountant", id: string) => studioPartsFor(role).find((part) => part.id === id)!.summary;
    expect(line("editor", "settings")).not.toMatch(/fee|price/i);
    expect(line("editor", "events")).not.toMatch(/fee|price/i);
    expect(line("accountant", "settings")).toMatch(/fees and their price ids/);
    expect(line("accountant", "events")).toMatch(/prices/);
  });
});
