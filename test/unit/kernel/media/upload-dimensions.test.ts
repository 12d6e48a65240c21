import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkUpload, UPLOAD_MESSAGES, UPLOAD_TYPES } from "~/kernel/media/uploads";
import { imageDimensions } from "~/kernel/media/uploads/dimensions";
import { JFIF, jpegImageSegments, plainJpeg, PNG_SIGNATURE, pngChunk, pngWithExif, webpWithExif } from "../../../support/upload-fixtures";

/**
 * Decompression bombs: a small file whose header claims a huge picture (a 875 kB PNG of
 * 30000 × 30000 px is 3.6 GB to every browser that decodes it). The size is read from the
 * header bytes of each format the studio takes, and a photo over 12,000 px on a side or
 * 50 megapixels, or one whose size cannot be read, is refused. Each file here is built byte
 * by byte: tiny, claiming a huge size.
 */

const concat = (...parts: Array<Uint8Array | number[] | string>) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p as ArrayLike<number>)))));
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
const le32 = (n: number) => [...le24(n), (n >>> 24) & 0xff];

/** A PNG whose IHDR says `width` × `height` (grey, 1 bit), with a small IDAT and IEND; `crc` false spoils IHDR's CRC. */
function png(width: number, height: number, options: { crc?: boolean } = {}): Uint8Array {
  const ihdr = pngChunk("IHDR", [...be32(width), ...be32(height), 1, 0, 0, 0, 0]);
  if (options.crc === false) ihdr[ihdr.length - 1] = ihdr.at(-1)! ^ 0xff;
  return concat(PNG_SIGNATURE, ihdr, pngChunk("IDAT", deflateSync(Buffer.from([0, 0]))), pngChunk("IEND", []));
}

/** A whole JPEG whose frame header (SOFn) claims `width` × `height`. */
const jpeg = (width: number, height: number, sof = 0xc0) => concat([0xff, 0xd8], JFIF, jpegImageSegments({ width, height, sof }), [0xff, 0xd9]);

const riffChunk = (fourCC: string, data: number[]) => concat(fourCC, le32(data.length), data, data.length % 2 ? [0] : []);
const webp = (...chunks: Uint8Array[]) => {
  const body = concat("WEBP", ...chunks);
  return concat("RIFF", le32(body.length), body);
};
/** A lossy frame header (key frame, shown): start code 9d 01 2a, then 14-bit width and height. */
const vp8 = (width: number, height: number) => riffChunk("VP8 ", [0x10, 0x00, 0x00, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height), 0, 0]);
/** A lossless header: 0x2f, then width-1 and height-1 in 14 bits each. */
const vp8l = (width: number, height: number) => riffChunk("VP8L", [0x2f, ...le32((width - 1) | ((height - 1) << 14)), 0, 0, 0]);
/** The extended header: flags, then the canvas' width-1 and height-1 in 24 bits each. */
const vp8x = (width: number, height: number) => riffChunk("VP8X", [0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]);

/** A GIF with a logical screen of `screen` and one frame (image descriptor) of `frame`, then the trailer. */
function gif(screen: [number, number], frame: [number, number] = screen): Uint8Array {
  return concat(
    "GIF89a",
    [...le16(screen[0]), ...le16(screen[1]), 0x00, 0, 0],
    [0x2c, ...le16(0), ...le16(0), ...le16(frame[0]), ...le16(frame[1]), 0x00],
    [0x02, 0x02, 0x4c, 0x01, 0x00],
    [0x3b],
  );
}

const BOMB_MESSAGE = "This photo is 30000 × 30000 pixels; photos can be at most 12,000 pixels on a side and 50 megapixels.";

describe("a photo's size is read from its header", () => {
  it("reads each format's width and height", () => {
    expect(imageDimensions(png(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(pngWithExif())).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(plainJpeg())).toEqual({ width: 8, height: 8 });
    expect(imageDimensions(jpeg(4000, 3000))).toEqual({ width: 4000, height: 3000 });
    expect(imageDimensions(jpeg(3000, 4000, 0xc2))).toEqual({ width: 3000, height: 4000 });
    expect(imageDimensions(webp(vp8(1600, 1200)))).toEqual({ width: 1600, height: 1200 });
    expect(imageDimensions(webp(vp8l(350, 263)))).toEqual({ width: 350, height: 263 });
    expect(imageDimensions(webp(vp8x(2000, 1000), vp8l(2000, 1000)))).toEqual({ width: 2000, height: 1000 });
    expect(imageDimensions(webpWithExif())).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(gif([320, 200]))).toEqual({ width: 320, height: 200 });
  });

  it("takes the largest size a file claims anywhere: a small canvas does not hide a huge frame", () => {
    expect(imageDimensions(webp(vp8x(1, 1), vp8l(16384, 16384)))).toEqual({ width: 16384, height: 16384 });
    expect(imageDimensions(gif([1, 1], [20000, 20000]))).toEqual({ width: 20000, height: 20000 });
  });

  it("is null when the size cannot be read", () => {
    expect(imageDimensions(png(30000, 30000, { crc: false })), "IHDR's CRC does not match").toBeNull();
    expect(imageDimensions(png(0, 10)), "zero width").toBeNull();
    expect(imageDimensions(jpeg(4000, 0)), "height left to a DNL marker").toBeNull();
    expect(imageDimensions(concat([0xff, 0xd8], JFIF, [0xff, 0xd9])), "no frame header").toBeNull();
    expect(imageDimensions(webp(riffChunk("ICCP", [1, 2, 3, 4]))), "no image chunk").toBeNull();
    expect(imageDimensions(webp(riffChunk("VP8 ", [0x10, 0, 0, 1, 2, 3, 0x10, 0, 0x10, 0]))), "no VP8 start code").toBeNull();
    expect(imageDimensions(gif([0, 0], [0, 0])), "a GIF of no pixels").toBeNull();
    expect(imageDimensions(concat("GIF89a", [1])), "cut short in its screen").toBeNull();
    expect(imageDimensions(new TextEncoder().encode("%PDF-1.4")), "not an image").toBeNull();
  });
});

describe("checkUpload refuses decompression bombs", () => {
  it("a PNG of 30000 × 30000 px (with a correct CRC) is refused with the sizes in the message, as a photo and as a document", () => {
    expect(checkUpload(png(30000, 30000), "photo")).toEqual({ ok: false, status: 422, message: BOMB_MESSAGE });
    // Documents that are images are served inline to members: the same limit.
    expect(checkUpload(png(30000, 30000), "document")).toEqual({ ok: false, status: 422, message: BOMB_MESSAGE });
  });

  it("a JPEG's frame header, baseline or progressive, over the limits is refused", () => {
    expect(checkUpload(jpeg(30000, 30000), "photo")).toEqual({ ok: false, status: 422, message: BOMB_MESSAGE });
    expect(checkUpload(jpeg(12001, 100, 0xc2), "photo")).toEqual({
      ok: false,
      status: 422,
      message: "This photo is 12001 × 100 pixels; photos can be at most 12,000 pixels on a side and 50 megapixels.",
    });
  });

  it("a WebP, lossy, lossless or extended, over the limits is refused", () => {
    const message = (w: number, h: number) => `This photo is ${w} × ${h} pixels; photos can be at most 12,000 pixels on a side and 50 megapixels.`;
    expect(checkUpload(webp(vp8(16383, 16383)), "photo")).toEqual({ ok: false, status: 422, message: message(16383, 16383) });
    expect(checkUpload(webp(vp8l(16384, 16384)), "photo")).toEqual({ ok: false, status: 422, message: message(16384, 16384) });
    expect(checkUpload(webp(vp8x(30000, 30000), vp8l(1, 1)), "photo")).toEqual({ ok: false, status: 422, message: BOMB_MESSAGE });
  });

  it("a GIF's logical screen or any frame over the limits is refused", () => {
    expect(checkUpload(gif([30000, 30000], [1, 1]), "photo")).toEqual({ ok: false, status: 422, message: BOMB_MESSAGE });
    expect(checkUpload(gif([1, 1], [30000, 30000]), "photo")).toEqual({ ok: false, status: 422, message: BOMB_MESSAGE });
  });

  it("50 megapixels is the most, even with both sides within 12,000 px", () => {
    expect(checkUpload(jpeg(10000, 5001), "photo")).toMatchObject({ ok: false, status: 422 });
    expect(checkUpload(jpeg(10000, 5000), "photo")).toMatchObject({ ok: true, type: UPLOAD_TYPES.jpeg });
    expect(checkUpload(jpeg(12000, 4000), "photo")).toMatchObject({ ok: true, type: UPLOAD_TYPES.jpeg });
    expect(checkUpload(png(4000, 3000), "photo")).toMatchObject({ ok: true, type: UPLOAD_TYPES.png });
  });

  it("a photo whose size cannot be read is refused too, with its own message", () => {
    for (const [what, bytes] of [
      ["PNG with a broken IHDR", png(30000, 30000, { crc: false })],
      ["JPEG without a frame size", jpeg(4000, 0)],
      ["WebP without an image", webp(riffChunk("ICCP", [1, 2, 3, 4]))],
      ["GIF of no pixels", gif([0, 0], [0, 0])],
    ] as const) {
      expect(checkUpload(bytes, "photo"), what).toEqual({ ok: false, status: 422, message: UPLOAD_MESSAGES.unreadableSize });
    }
    expect(UPLOAD_MESSAGES.unreadableSize).toBe(
      "We could not read this photo's width and height, so it cannot be used. Please save it again as a JPEG and upload that.",
    );
  });
});
