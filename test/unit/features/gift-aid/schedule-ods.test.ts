import { strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { ODS_CONTENT_TYPE, odsBytes, xmlText } from "~/features/gift-aid/schedule/ods.server";
import { scheduleRows } from "~/features/gift-aid/schedule/sheet";
import { byTag, odsCells, unzipped, xml } from "../../../support/gift-aid-schedule";

const sheet = scheduleRows([
  { title: "Mrs", firstName: "Anna", lastName: "Smith-Jones", house: "Flat 3, 12", postcode: "s19 2bd", paidOn: "2026-04-05", amount: 2500 },
  { title: "", firstName: "Tom & <Jerry>", lastName: "O'Brien", house: "Rose Cottage", postcode: "M1 1AE", paidOn: "2026-11-28", amount: 123456 },
]);
const bytes = odsBytes(sheet);

describe("the schedule as an OpenDocument spreadsheet (ADR 74)", () => {
  it("is a valid package: mimetype first, stored uncompressed with no extra field", () => {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(view.getUint32(0, true)).toBe(0x04034b50); // a local file header
    expect(view.getUint16(8, true)).toBe(0); // stored
    const nameLength = view.getUint16(26, true);
    const extraLength = view.getUint16(28, true);
    expect(strFromU8(bytes.subarray(30, 30 + nameLength))).toBe("mimetype");
    expect(extraLength).toBe(0);
    expect(strFromU8(bytes.subarray(38, 38 + ODS_CONTENT_TYPE.length))).toBe(ODS_CONTENT_TYPE);
  });

  it("lists its parts in the manifest", () => {
    const files = unzipped(bytes);
    expect(Object.keys(files)).toEqual(["mimetype", "META-INF/manifest.xml", "content.xml", "styles.xml"]);
    const entries = byTag("manifest:file-entry", xml(files["META-INF/manifest.xml"])).map((e) => [
      e.attribs["manifest:full-path"],
      e.attribs["manifest:media-type"],
    ]);
    expect(entries).toEqual([
      ["/", ODS_CONTENT_TYPE],
      ["content.xml", "text/xml"],
      ["styles.xml", "text/xml"],
    ]);
    // The amount style shows two decimals.
    const [number] = byTag("number:number", xml(files["content.xml"]));
    expect(number?.attribs["number:decimal-places"]).toBe("2");
    expect(number?.attribs["number:min-decimal-places"]).toBe("2");
  });

  it("has HMRC's headings, then each row cell by cell: text for names, house, postcode and date; a float amount", () => {
    const [headings = [], first = [], second = []] = odsCells(bytes);
    expect(headings.map((c) => c.text)).toEqual(sheet.headings);
    expect(headings.every((c) => c.type === "string")).toBe(true);
    expect(first.map((c) => [c.type, c.text])).toEqual([
      ["string", "Mrs"],
      ["string", "Anna"],
      ["string", "Smith Jones"],
      ["string", "Flat 3, 12"],
      ["string", "S19 2BD"],
      [null, ""],
      [null, ""],
      ["string", "05/04/26"],
      ["float", "25.00"],
    ]);
    expect(first[8]).toMatchObject({ value: "25.00", style: "amount" });
    expect(second.map((c) => c.text)).toEqual(["", "Tom & <Jerry>", "O'Brien", "Rose Cottage", "M1 1AE", "", "", "28/11/26", "1234.56"]);
    expect(second[8]).toMatchObject({ type: "float", value: "1234.56" });
  });

  it("an empty claim is the headings alone, and the same claim gives the same bytes", () => {
    expect(odsCells(odsBytes(scheduleRows([])))).toHaveLength(1);
    expect(odsBytes(sheet)).toEqual(bytes);
  });
});

describe("text in the .ods's XML", () => {
  it("escapes XML's special characters and drops characters XML forbids", () => {
    expect(xmlText(`a&b<c>"d'\u0000e\u0007\tf`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;e\tf");
  });
});
