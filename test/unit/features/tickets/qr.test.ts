import { describe, expect, it } from "vitest";
import { qrSvg } from "~/features/tickets/qr.server";

const viewBoxSize = (svg: string) => Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);

describe("qrSvg", () => {
  it("returns one <svg> with only a background path and a module path", async () => {
    const svg = await qrSvg("hello", "QR code for ticket XMAS-7K2P");
    expect(svg.startsWith("<svg ")).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).toContain('role="img" aria-label="QR code for ticket XMAS-7K2P"');
    const tags = [...svg.matchAll(/<\/?([a-zA-Z]+)/g)].map((m) => m[1]);
    expect(new Set(tags)).toEqual(new Set(["svg", "path"]));
    expect(tags.filter((t) => t === "path")).toHaveLength(2);
    // Nothing of the payload appears as text: it is only modules.
    expect(svg).not.toContain("hello");
    expect(svg).not.toMatch(/<script|on[a-z]+=|href/i);
  });

  it("grows with the payload: version 4 (33 modules + 2×2 margin) for a ticket token, bigger for more", async () => {
    const ticketToken = `${"a".repeat(32)}.u9a0n4.${"b".repeat(22)}`; // 62 characters
    expect(ticketToken).toHaveLength(62);
    expect(viewBoxSize(await qrSvg("short"))).toBe(21 + 4);
    expect(viewBoxSize(await qrSvg(ticketToken))).toBe(33 + 4);
    expect(viewBoxSize(await qrSvg(`${ticketToken}${"c".repeat(23)}`))).toBe(41 + 4);
  });

  it("escapes the label and hides an unlabelled code from screen readers", async () => {
    expect(await qrSvg("x", '"><script>')).toContain('aria-label="&quot;&gt;&lt;script&gt;"');
    expect(await qrSvg("x")).toMatch(/^<svg aria-hidden="true"/);
  });
});
