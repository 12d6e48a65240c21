import { prng } from "./ids";

/**
 * What a generated "phone photo" looks like (npm run seed -- --photos): a deterministic plan
 * per photo, so the seed makes the same pictures on every run. The picture is a small scene
 * (sky and ground gradients, a horizon, shapes like people, trees and tables, a mottled
 * texture) scaled up to the full size, then sensor-like grain on every pixel: the grain is
 * what makes a 4000×3000 JPEG weigh 3–5 MB as a phone's does, and, as in a real photo, it
 * averages out in the smaller renditions. Pure: seed/photo-image.ts draws it with sharp.
 */

export type Rgb = readonly [number, number, number];

export interface PhotoShape {
  kind: "ellipse" | "rect";
  /** Centre and half sizes, as fractions of the picture's width and height. */
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  color: Rgb;
}

export interface PhotoPlan {
  width: number;
  height: number;
  /** The scene's own size before it is scaled up (its detail is this coarse). */
  sceneWidth: number;
  sceneHeight: number;
  skyTop: Rgb;
  skyBottom: Rgb;
  groundTop: Rgb;
  groundBottom: Rgb;
  /** Where the ground starts, as a fraction of the height. */
  horizon: number;
  shapes: PhotoShape[];
  /** ± brightness of the scene's mottled texture (foliage, grass, cloth). */
  texture: number;
  /** ± brightness of the per-pixel grain. */
  grain: number;
  /** JPEG quality of the "camera". */
  quality: number;
}

/** A phone's photo: 12 megapixels, 4:3. */
export const PHONE_PHOTO = { width: 4000, height: 3000 } as const;
/** A home-page banner at full size (the slider shows 1920×800 slides; this is wider for high-density screens). */
export const BANNER = { width: 2400, height: 1000 } as const;
/** What a real phone photo of that size weighs, and what the generated ones must weigh. */
export const PHONE_PHOTO_BYTES = { min: 3_000_000, max: 5_000_000 } as const;

const SKIES: Rgb[] = [
  [92, 148, 214],
  [170, 190, 210],
  [235, 170, 120],
  [120, 170, 225],
];
const GROUNDS: Rgb[] = [
  [70, 120, 50],
  [150, 130, 100],
  [110, 110, 115],
  [90, 140, 70],
];

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
const shade = (color: Rgb, by: number): Rgb => [clamp(color[0] * by), clamp(color[1] * by), clamp(color[2] * by)];

/** The plan of photo number `index` (0-based) at `size`; the same index gives the same plan. */
export function photoPlan(index: number, size: { width: number; height: number } = PHONE_PHOTO): PhotoPlan {
  const random = prng(0x5eed + index * 7919);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const sky = pick(SKIES);
  const ground = pick(GROUNDS);
  const shapes: PhotoShape[] = Array.from({ length: 12 + Math.floor(random() * 14) }, () => {
    const person = random() < 0.6;
    return {
      kind: person ? "ellipse" : "rect",
      cx: random(),
      cy: 0.45 + random() * 0.5,
      rx: person ? 0.02 + random() * 0.05 : 0.05 + random() * 0.15,
      ry: person ? 0.08 + random() * 0.15 : 0.03 + random() * 0.1,
      // Muted, as clothes and tables are, not a test card's primaries.
      color: [clamp(60 + random() * 160), clamp(60 + random() * 150), clamp(50 + random() * 150)],
    };
  });
  // The scene is 1/8 of the picture: detail about as coarse as a slightly soft phone photo's.
  const sceneWidth = Math.max(1, Math.round(size.width / 8));
  const sceneHeight = Math.max(1, Math.round(size.height / 8));
  return {
    width: size.width,
    height: size.height,
    sceneWidth,
    sceneHeight,
    skyTop: shade(sky, 0.8),
    skyBottom: shade(sky, 1.15),
    groundTop: shade(ground, 1.1),
    groundBottom: shade(ground, 0.7),
    horizon: 0.3 + random() * 0.25,
    shapes,
    texture: 18 + random() * 10,
    grain: 8,
    quality: 92,
  };
}

/** The scene's pixels (RGB, row by row), before scaling and grain. */
export function drawScene(plan: PhotoPlan): Uint8Array {
  const { sceneWidth: w, sceneHeight: h } = plan;
  const pixels = new Uint8Array(w * h * 3);
  const random = prng(plan.shapes.length * 31 + Math.round(plan.horizon * 1000));
  const mix = (a: Rgb, b: Rgb, t: number, channel: number) => a[channel]! + (b[channel]! - a[channel]!) * t;
  for (let y = 0; y < h; y++) {
    const fy = (y + 0.5) / h;
    for (let x = 0; x < w; x++) {
      const fx = (x + 0.5) / w;
      let color: Rgb | null = null;
      for (const shape of plan.shapes) {
        const dx = (fx - shape.cx) / shape.rx;
        const dy = (fy - shape.cy) / shape.ry;
        const inside = shape.kind === "ellipse" ? dx * dx + dy * dy <= 1 : Math.abs(dx) <= 1 && Math.abs(dy) <= 1;
        if (inside) color = shape.color;
      }
      const mottle = (random() - 0.5) * 2 * plan.texture;
      const offset = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) {
        const base = color
          ? color[c]!
          : fy < plan.horizon
            ? mix(plan.skyTop, plan.skyBottom, fy / plan.horizon, c)
            : mix(plan.groundTop, plan.groundBottom, (fy - plan.horizon) / (1 - plan.horizon), c);
        // The sky is smoother than the ground and the people.
        pixels[offset + c] = clamp(base + (fy < plan.horizon && !color ? mottle / 3 : mottle));
      }
    }
  }
  return pixels;
}

/** "4000x3000" (or "4000×3000") → its size; null when it is not two whole numbers from 16 to 8000. */
export function parsePhotoSize(text: string): { width: number; height: number } | null {
  const match = /^(\d{2,4})[x×](\d{2,4})$/.exec(text.trim());
  if (!match) return null;
  const [width, height] = [Number(match[1]), Number(match[2])];
  return [width, height].every((n) => n >= 16 && n <= 8000) ? { width, height } : null;
}
