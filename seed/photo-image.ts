import sharp from "sharp";
import { drawScene, type PhotoPlan } from "./photo-plan";

/**
 * Draws a photo plan (seed/photo-plan.ts) as a JPEG: the scene scaled up to full size, grain
 * added to every pixel, encoded as a phone would (4:2:0, high quality). With sharp, which
 * Miniflare's Images binding uses too.
 */
export async function photoJpeg(plan: PhotoPlan): Promise<Uint8Array> {
  const scene = drawScene(plan);
  const full = await sharp(scene, { raw: { width: plan.sceneWidth, height: plan.sceneHeight, channels: 3 } })
    .resize(plan.width, plan.height, { kernel: "cubic" })
    .raw()
    .toBuffer();
  addGrain(full, plan.grain, plan.width * 131 + plan.shapes.length);
  const jpeg = await sharp(full, { raw: { width: plan.width, height: plan.height, channels: 3 } })
    .jpeg({ quality: plan.quality, chromaSubsampling: "4:2:0" })
    .toBuffer();
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
}

/** ± `amount` of luminance grain on every pixel, from a fast seeded generator (xorshift32): millions of pixels. */
function addGrain(pixels: Buffer, amount: number, seed: number): void {
  let state = seed >>> 0 || 1;
  for (let offset = 0; offset < pixels.length; offset += 3) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const delta = (((state >>> 0) / 4294967296) * 2 - 1) * amount;
    for (let c = 0; c < 3; c++) pixels[offset + c] = Math.max(0, Math.min(255, pixels[offset + c]! + delta));
  }
}
