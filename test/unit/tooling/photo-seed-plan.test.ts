import { describe, expect, it } from "vitest";
import { photoJpeg } from "../../../seed/photo-image";
import { BANNER, drawScene, parsePhotoSize, PHONE_PHOTO, PHONE_PHOTO_BYTES, photoPlan } from "../../../seed/photo-plan";

describe("the generated photos' plan", () => {
  it("is a phone's 4000×3000 by default, a banner when asked, with a scene a tenth-ish of the size", () => {
    const plan = photoPlan(0);
    expect([plan.width, plan.height]).toEqual([PHONE_PHOTO.width, PHONE_PHOTO.height]);
    expect([plan.sceneWidth, plan.sceneHeight]).toEqual([500, 375]);
    const banner = photoPlan(1000, BANNER);
    expect([banner.width, banner.height]).toEqual([2400, 1000]);
  });

  it("is the same for the same photo and differs between photos", () => {
    expect(photoPlan(3)).toEqual(photoPlan(3));
    expect(photoPlan(3)).not.toEqual(photoPlan(4));
    expect(drawScene(photoPlan(3, { width: 80, height: 60 }))).toEqual(drawScene(photoPlan(3, { width: 80, height: 60 })));
  });

  it("keeps its shapes and horizon inside the picture and its colours muted", () => {
    for (let index = 0; index < 20; index++) {
      const plan = photoPlan(index);
      expect(plan.horizon).toBeGreaterThan(0.25);
      expect(plan.horizon).toBeLessThan(0.6);
      expect(plan.shapes.length).toBeGreaterThanOrEqual(12);
      for (const shape of plan.shapes) {
        expect(shape.cx).toBeGreaterThanOrEqual(0);
        expect(shape.cx).toBeLessThanOrEqual(1);
        expect(Math.max(...shape.color)).toBeLessThanOrEqual(220);
        expect(Math.min(...shape.color)).toBeGreaterThanOrEqual(50);
      }
    }
  });

  it("reads --photo-size", () => {
    expect(parsePhotoSize("4000x3000")).toEqual({ width: 4000, height: 3000 });
    expect(parsePhotoSize("800×600")).toEqual({ width: 800, height: 600 });
    for (const bad of ["4000", "x300", "9000x3000", "10x10", "40.5x30", ""]) expect(parsePhotoSize(bad)).toBeNull();
  });

  it("draws a 4000×3000 JPEG weighing what a phone's does (3–5 MB)", async () => {
    const jpeg = await photoJpeg(photoPlan(7));
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect(jpeg.byteLength).toBeGreaterThanOrEqual(PHONE_PHOTO_BYTES.min);
    expect(jpeg.byteLength).toBeLessThanOrEqual(PHONE_PHOTO_BYTES.max);
  });
});
