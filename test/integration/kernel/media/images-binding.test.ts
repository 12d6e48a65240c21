import { deflateSync, crc32 } from "node:zlib";
import { Log, LogLevel, Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkUpload } from "~/kernel/media/uploads";
import { phoneJpegWithGps } from "../../../support/upload-fixtures";

/**
 * The spike behind ADR 40: Cloudflare's Images binding, as wrangler runs it locally
 * (Miniflare's images plugin, on the sharp that comes with it: no account, no network),
 * makes a photo's renditions in the Worker, and reads the files checkUpload cleaned.
 */

/** A 1600×1200 PNG (a gradient), built here: the "original" the renditions are made from. */
function gradientPng(width: number, height: number): Uint8Array {
  const stride = 1 + width * 3; // each row: filter type 0, then RGB
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set([(x * 255) / width, (y * 255) / height, 128], y * stride + 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(raw)),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

// A Worker that answers /info with the binding's info and /render?width=&format= with a rendition.
const WORKER = `export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/info") return Response.json(await env.IMAGES.info(request.body));
    const result = await env.IMAGES.input(request.body)
      .transform({ width: Number(url.searchParams.get("width")) })
      .output({ format: url.searchParams.get("format"), quality: 75 });
    return result.response();
  },
};`;

let mf: Miniflare;
beforeAll(async () => {
  mf = new Miniflare({ modules: true, script: WORKER, compatibilityDate: "2026-04-20", images: { binding: "IMAGES" }, log: new Log(LogLevel.WARN) });
  await mf.ready;
});
afterAll(() => mf?.dispose());

const post = async (path: string, body: Uint8Array) => mf.dispatchFetch(`http://media.test${path}`, { method: "POST", body });
const info = async (body: Uint8Array) => (await (await post("/info", body)).json()) as { format: string; width: number; height: number };

describe("renditions with the Images binding, locally", () => {
  it("makes 350, 700 and 1600 px WebP renditions and a JPEG fallback of a photo", async () => {
    const original = gradientPng(1600, 1200);
    for (const [width, format] of [
      [350, "image/webp"],
      [700, "image/webp"],
      [1600, "image/webp"],
      [700, "image/jpeg"],
    ] as const) {
      const response = await post(`/render?width=${width}&format=${encodeURIComponent(format)}`, original);
      expect(response.status).toBe(200);
      const rendition = new Uint8Array(await response.arrayBuffer());
      expect(await info(rendition), `${width} ${format}`).toMatchObject({ format, width, height: Math.round((width * 3) / 4) });
      if (width === 350) expect(rendition.length).toBeLessThan(60 * 1024);
    }
  });

  it("decodes the JPEG checkUpload cleaned of its location data, as an 8×8 JPEG", async () => {
    const result = checkUpload(phoneJpegWithGps(), "photo");
    expect(result.ok).toBe(true);
    expect(await info(result.ok ? result.bytes : new Uint8Array())).toMatchObject({ format: "image/jpeg", width: 8, height: 8 });
  });
});
