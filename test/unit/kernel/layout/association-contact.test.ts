import { describe, expect, it } from "vitest";
import { associationContact, contactTheAssociation } from "~/kernel/layout/association-contact";
import { addressLines } from "~/kernel/store/postal-address";

/** How to reach the association is the settings' (docs/requirements.md §1.10, ADR 67). */
describe("the association's contact details", () => {
  it("reads the address's lines, the e-mail and the phone from the settings", () => {
    expect(
      associationContact({ postalAddress: " Hall 2\r\n\r\nLeeds LS1 1AA ", primaryContactEmail: " office@mosaic.example ", primaryContactNumber: "" }),
    ).toEqual({
      name: "Manchester Mosaic Association",
      address: ["Hall 2", "Leeds LS1 1AA"],
      email: "office@mosaic.example",
      phone: "",
    });
    expect(addressLines("")).toEqual([]);
  });

  it("the e-mails' closing line names the address only when one is set", () => {
    expect(contactTheAssociation("office@mosaic.example")).toBe("contact the association at office@mosaic.example");
    expect(contactTheAssociation("")).toBe("contact the association");
  });
});
