import { BarcodeDetector, prepareZXingModule, purgeZXingModule } from "barcode-detector/ponyfill";
// The reader's .wasm, fingerprinted into build/client/assets by vite: served from our own
// assets (never a CDN), as application/wasm by wrangler's asset server (ADR 0019).
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

/**
 * Loaded with import() only when START SCAN is pressed in a browser without a native
 * BarcodeDetector that reads QR codes, so the door's first page load stays small.
 */
const overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? new URL(wasmUrl, window.location.href).href : prefix + path),
};
prepareZXingModule({ overrides });

/**
 * The reader is instantiated here, not on the first frame: a .wasm that cannot be
 * fetched fails START SCAN (the camera is stopped and a message shown) instead of failing
 * every frame unseen. A failed load is forgotten, so the next START SCAN tries again.
 */
export async function createQrDetector() {
  try {
    await prepareZXingModule({ overrides, fireImmediately: true });
  } catch (error) {
    purgeZXingModule();
    throw error;
  }
  return new BarcodeDetector({ formats: ["qr_code"] });
}

export { wasmUrl };
