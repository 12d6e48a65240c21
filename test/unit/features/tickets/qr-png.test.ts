import { crc32 as zlibCrc32, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { toBase64 } from "~/kernel/email/email.server";
import { QR_PNG_QUIET_ZONE, crc32, qrModules, qrPng } from "~/features/tickets/qr-png.server";

interface PngChunk {
  type: string;
  data: Uint8Array;
  crc: number;
  crcInput: Uint8Array;
}

function readChunks(png: Uint8Array): PngChunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: PngChunk[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    chunks.push({
      type,
      data: png.subarray(offset + 8, offset + 8 + length),
      crc: view.getUint32(offset + 8 + length),
      crcInput: png.subarray(offset + 4, offset + 8 + length),
    });
    offset += 12 + length;
  }
  return chunks;
}

/** Decodes our 1-bit greyscale PNG back to rows of "dark" booleans (filter None only, as the encoder writes). */
function decode(png: Uint8Array): { width: number; height: number; dark: boolean[][] } {
  const chunks = readChunks(png);
  const ihdr = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset, 13);
  const width = ihdr.getUint32(0);
  const height = ihdr.getUint32(4);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data)));
  const rowBytes = Math.ceil(width / 8);
  expect(raw.length).toBe((rowBytes + 1) * height);
  const dark: boolean[][] = [];
  for (let y = 0; y < height; y++) {
    expect(raw[y * (rowBytes + 1)]).toBe(0);
    const row: boolean[] = [];
    for (let x = 0; x < width; x++) row.push(((raw[y * (rowBytes + 1) + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1) === 0);
    dark.push(row);
  }
  return { width, height, dark };
}

const TOKEN = `${"a".repeat(32)}.u9a0n4.${"b".repeat(22)}`;

describe("qrPng", () => {
  it("writes the PNG signature, then IHDR, IDAT and IEND with correct CRCs", async () => {
    const png = await qrPng(TOKEN);
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const chunks = readChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    for (const c of chunks) expect(c.crc).toBe(zlibCrc32(c.crcInput));
    // IHDR: 33 modules + 2 × 4 quiet zone, 8 px each; 1-bit greyscale, no interlace.
    const ihdr = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset, 13);
    expect(ihdr.getUint32(0)).toBe((33 + 8) * 8);
    expect(ihdr.getUint32(4)).toBe((33 + 8) * 8);
    expect([...chunks[0]!.data.subarray(8)]).toEqual([1, 0, 0, 0, 0]);
    expect(chunks[2]!.data.length).toBe(0);
    // Small enough to attach to every ticket e-mail.
    expect(png.length).toBeLessThan(3000);
  });

  it("decodes back to the QR modules, each one a scale × scale block inside a white quiet zone", async () => {
    const scale = 5;
    const modules = qrModules(TOKEN);
    const { width, height, dark } = await qrPng(TOKEN, scale).then(decode);
    const side = (modules.length + 2 * QR_PNG_QUIET_ZONE) * scale;
    expect([width, height]).toEqual([side, side]);
    let darkPixels = 0;
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const expected = modules[Math.floor(y / scale) - QR_PNG_QUIET_ZONE]?.[Math.floor(x / scale) - QR_PNG_QUIET_ZONE] === true;
        if (dark[y]![x] !== expected) throw new Error(`pixel ${x},${y} is ${dark[y]![x] ? "dark" : "light"}`);
        if (expected) darkPixels++;
      }
    }
    // The finder pattern's top-left corner is dark, the quiet zone is not.
    expect(dark[QR_PNG_QUIET_ZONE * scale]![QR_PNG_QUIET_ZONE * scale]).toBe(true);
    expect(dark[0]!.some(Boolean)).toBe(false);
    expect(darkPixels).toBeGreaterThan(side * side * 0.2);
  });

  it("differs for different payloads and is the same for the same one", async () => {
    expect(toBase64(await qrPng("ticket-1"))).toBe(toBase64(await qrPng("ticket-1")));
    expect(toBase64(await qrPng("ticket-1"))).not.toBe(toBase64(await qrPng("ticket-2")));
  });
});

describe("crc32 and toBase64", () => {
  it("match zlib's CRC-32 and Node's base64", () => {
    const bytes = new TextEncoder().encode("The quick brown fox jumps over the lazy dog");
    expect(crc32(bytes)).toBe(0x414fa339);
    expect(crc32(new Uint8Array(0))).toBe(0);
    const big = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) & 0xff);
    expect(crc32(big)).toBe(zlibCrc32(big));
    expect(toBase64(big)).toBe(Buffer.from(big).toString("base64"));
  });
});
