import QRCode from "qrcode";

/**
 * A QR code as SVG markup, rendered on the server (no canvas, no client JS). In the
 * Worker, vite resolves `qrcode` to its browser entry, whose toString only uses the
 * pure-JS encoder and the SVG string renderer; nothing Node-only runs.
 *
 * Error correction M (15 % of the code may be damaged: a cracked phone screen), a
 * 2-module quiet zone. `text` must be our own data (a signed ticket token): it is only
 * encoded into modules, never written into the markup. `label` (e.g. "QR code for ticket
 * XMAS-7K2P") becomes role="img" aria-label="…", HTML-escaped. The result has a viewBox
 * and no width/height, so CSS sizes it.
 */
export async function qrSvg(text: string, label?: string): Promise<string> {
  const svg = (await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 })).trim();
  if (!svg.startsWith("<svg ")) throw new Error("qrcode did not return an <svg> element");
  const attributes = label === undefined ? 'aria-hidden="true"' : `role="img" aria-label="${escapeAttribute(label)}"`;
  return `<svg ${attributes} focusable="false" ${svg.slice("<svg ".length)}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
