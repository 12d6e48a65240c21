#!/usr/bin/env node
// Generates the demo images, icons and PDF documents used by the seed data.
//
//   node scripts/generate-demo-assets.mjs
//
// Output is fully deterministic (same bytes on every run): all variety comes
// from a small seeded PRNG keyed on each output file name. Only Node built-ins
// are used (fs, path, zlib) so it runs without installing anything.
//
// Writes:
//   public/demo/**            flat SVG illustrations (slides, event, pages,
//                             office bearers, galleries, news)
//   public/favicon.svg        64x64 logo mark
//   public/icons/*.png        PWA / Apple touch icons (hand-encoded PNG)
//   seed/files/documents/*.pdf  one-page PDF 1.4 documents

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const BRAND_GREEN = "#14532d";
const BRAND_GOLD = "#d4a017";

// ---------------------------------------------------------------------------
// Utilities
// ---------------------------------------------------------------------------

/** FNV-1a hash of a string -> uint32, used to seed the PRNG per file. */
function hashString(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: tiny deterministic PRNG returning floats in [0, 1). */
function mulberry32(seed) {
  let a = seed >>> 0;
  return function rng() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rngFor = (name) => mulberry32(hashString(name));
const between = (rng, a, b) => a + (b - a) * rng();
const pick = (rng, arr) => arr[Math.floor(rng() * arr.length) % arr.length];

/** Number formatting: at most one decimal, no trailing zeros. */
const f = (n) => String(Math.round(n * 10) / 10);
/** Two decimals (for scale factors). */
const f2 = (n) => String(Math.round(n * 100) / 100);

const written = [];
function writeFile(rel, data) {
  const abs = path.join(ROOT, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, data);
  written.push(rel);
}

const xmlEscape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// ---------------------------------------------------------------------------
// SVG building blocks
// ---------------------------------------------------------------------------

function svgDoc(w, h, title, defs, body) {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="title">\n` +
    `<title id="title">${xmlEscape(title)}</title>\n` +
    (defs ? `<defs>${defs}</defs>\n` : "") +
    body +
    `\n</svg>\n`
  );
}

const stopList = (stops) => stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`).join("");

/** Linear gradient, default top-to-bottom. */
const lg = (id, stops, x2 = 0, y2 = 1) => `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stopList(stops)}</linearGradient>`;

const rg = (id, stops, cx = 0.5, cy = 0.5, r = 0.5) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopList(stops)}</radialGradient>`;

/**
 * Person silhouettes in a 100-unit tall coordinate system with the feet at
 * (0, 0). "p" is standing, "q" has both arms raised. They carry no fill, so
 * the <use> (or an enclosing <g>) decides the colour.
 */
const PERSON_DEFS =
  `<g id="p"><circle cy="-86" r="12"/><path d="M-18,0V-62Q-18,-70-10,-70H10Q18,-70 18,-62V0Z"/></g>` +
  `<g id="q"><use xlink:href="#p"/><path d="M-17,-63L-37,-99L-29,-104L-9,-70ZM17,-63L37,-99L29,-104L9,-70Z"/></g>`;

/** Person of on-screen height ~h (px) standing at (x, y). */
const person = (x, y, h, fill, arms = false) =>
  `<use xlink:href="#${arms ? "q" : "p"}" transform="translate(${Math.round(x)},${Math.round(y)}) scale(${f2(h / 100)})"${fill ? ` fill="${fill}"` : ""}/>`;

const rect = (x, y, w, h, fill, extra = "") => `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`;
const circle = (cx, cy, r, fill, extra = "") => `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`;
const fullRect = (w, h, fill) => `<rect width="${w}" height="${h}" fill="${fill}"/>`;

/** Smooth rolling hill filled down to the bottom edge. */
function hill(w, h, base, amp, fill, rng, n = 4, extra = "") {
  const pts = [];
  for (let i = 0; i <= n; i++) pts.push([(w * i) / n, base - amp * rng()]);
  let d = `M0,${h}V${f(pts[0][1])}`;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1];
    const [x1, y1] = pts[i];
    const mx = (x0 + x1) / 2;
    d += `C${f(mx)},${f(y0)} ${f(mx)},${f(y1)} ${f(x1)},${f(y1)}`;
  }
  return `<path d="${d}V${h}Z" fill="${fill}"${extra}/>`;
}

function cloud(x, y, s, opacity = 0.9) {
  return (
    `<g fill="#fff" opacity="${opacity}">` +
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s)}" ry="${f(s * 0.32)}"/>` +
    circle(x - s * 0.35, y - s * 0.15, s * 0.3, "#fff") +
    circle(x + s * 0.15, y - s * 0.25, s * 0.38, "#fff") +
    `</g>`
  );
}

/** Several small "v" birds as one stroked path. */
function birds(rng, x, y, spread, n, color = "#1f2937") {
  let d = "";
  for (let i = 0; i < n; i++) {
    const bx = x + between(rng, -spread, spread);
    const by = y + between(rng, -spread * 0.4, spread * 0.4);
    const s = between(rng, 7, 13);
    d += `M${f(bx - s)},${f(by)}q${f(s / 2)},${f(-s * 0.6)} ${f(s)},0q${f(s / 2)},${f(-s * 0.6)} ${f(s)},0`;
  }
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="2.5" stroke-linecap="round" opacity=".7"/>`;
}

/** Star field: many tiny squares in a single path. */
function stars(rng, w, h, n, maxY = 0.6) {
  let d = "";
  for (let i = 0; i < n; i++) {
    const s = rng() < 0.2 ? 3 : 2;
    d += `M${Math.round(rng() * w)},${Math.round(rng() * h * maxY)}h${s}v${s}h-${s}z`;
  }
  return `<path d="${d}" fill="#fff" opacity=".8"/>`;
}

/** N-pointed star polygon path data. */
function starPath(cx, cy, R, r, n = 5) {
  let d = "";
  for (let i = 0; i < n * 2; i++) {
    const a = (Math.PI * i) / n - Math.PI / 2;
    const rr = i % 2 ? r : R;
    d += `${i ? "L" : "M"}${f(cx + rr * Math.cos(a))},${f(cy + rr * Math.sin(a))}`;
  }
  return d + "Z";
}

function sun(cx, cy, r, color = "#fcd34d", glow = "#fde68a") {
  return circle(cx, cy, r * 1.7, glow, ' opacity=".35"') + circle(cx, cy, r, color);
}

/** Firework burst: radial strokes in one path. */
function firework(cx, cy, R, color, rng, n = 14) {
  let d = "";
  const off = rng() * Math.PI;
  for (let i = 0; i < n; i++) {
    const a = off + (2 * Math.PI * i) / n;
    const c = Math.cos(a);
    const s = Math.sin(a);
    d += `M${f(cx + c * R * 0.35)},${f(cy + s * R * 0.35)}L${f(cx + c * R)},${f(cy + s * R)}`;
  }
  return `<path d="${d}" stroke="${color}" stroke-width="${f(Math.max(3, R / 22))}" stroke-linecap="round"/>`;
}

function confetti(rng, w, h, n, colors, yMax = 1) {
  let out = "";
  const s = Math.min(w, h) / 80;
  for (let i = 0; i < n; i++) {
    const x = rng() * w;
    const y = rng() * h * yMax;
    out += `<rect x="${f(x)}" y="${f(y)}" width="${f(s * 1.6)}" height="${f(s * 0.8)}" fill="${pick(
      rng,
      colors,
    )}" transform="rotate(${Math.round(rng() * 180)} ${f(x)} ${f(y)})"/>`;
  }
  return out;
}

/** Quadratic bezier point. */
function qpt(p0, c, p1, t) {
  const u = 1 - t;
  return [u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1]];
}

/** A sagging string of triangular bunting flags. */
function bunting(x1, y1, x2, y2, sag, n, colors, size) {
  const p0 = [x1, y1];
  const p1 = [x2, y2];
  const c = [(x1 + x2) / 2, (y1 + y2) / 2 + sag * 2];
  let out = `<path d="M${f(x1)},${f(y1)}Q${f(c[0])},${f(c[1])} ${f(x2)},${f(y2)}" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="2"/>`;
  for (let i = 0; i < n; i++) {
    const [x, y] = qpt(p0, c, p1, (i + 0.5) / n);
    out += `<path d="M${f(x - size / 2)},${f(y)}H${f(x + size / 2)}L${f(x)},${f(y + size * 1.2)}Z" fill="${colors[i % colors.length]}"/>`;
  }
  return out;
}

/** Hanging paper lantern with a soft glow. */
function lantern(x, y, s, color, stringTop = null) {
  return (
    (stringTop === null ? "" : `<path d="M${f(x)},${f(stringTop)}V${f(y - s)}" stroke="#fde68a" stroke-opacity=".6" stroke-width="2"/>`) +
    circle(x, y, s * 1.7, color, ' opacity=".22"') +
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s * 0.8)}" ry="${f(s)}" fill="${color}"/>` +
    `<path d="M${f(x - s * 0.35)},${f(y - s * 1.08)}h${f(s * 0.7)}v${f(s * 0.22)}h${f(-s * 0.7)}zm0,${f(s * 1.96)}h${f(
      s * 0.7,
    )}v${f(s * 0.22)}h${f(-s * 0.7)}z" fill="#78350f"/>`
  );
}

/** Round-canopy tree. */
function tree(x, yb, s, leaf, trunk = "#78350f") {
  return (
    rect(x - s * 0.06, yb - s * 0.55, s * 0.12, s * 0.55, trunk) +
    `<g fill="${leaf}">` +
    circle(x, yb - s * 0.72, s * 0.3, leaf) +
    circle(x - s * 0.22, yb - s * 0.55, s * 0.22, leaf) +
    circle(x + s * 0.22, yb - s * 0.57, s * 0.24, leaf) +
    `</g>`
  );
}

/** Layered pine tree. */
function pine(x, yb, s, color) {
  let d = "";
  for (let i = 0; i < 3; i++) {
    const top = yb - s + i * s * 0.22;
    const wdt = s * (0.28 + i * 0.08);
    d += `M${f(x)},${f(top)}L${f(x + wdt)},${f(top + s * 0.42)}H${f(x - wdt)}Z`;
  }
  return rect(x - s * 0.05, yb - s * 0.16, s * 0.1, s * 0.16, "#713f12") + `<path d="${d}" fill="${color}"/>`;
}

/** School building: main block, pitched roof, clock, windows, door, flag. */
function school(x, yb, s, { label = false, wall = "#fef3c7", roof = "#b91c1c" } = {}) {
  // x is the centre, yb the ground line, s the building width
  const w = s;
  const hh = s * 0.42;
  const top = yb - hh;
  const tw = s * 0.3;
  const tTop = top - s * 0.16;
  let win = "";
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 6; col++) {
      if (col === 2 || col === 3) continue;
      const wx = x - w / 2 + w * 0.06 + col * w * 0.155;
      const wy = top + hh * 0.18 + row * hh * 0.4;
      win += `M${f(wx)},${f(wy)}h${f(w * 0.09)}v${f(hh * 0.24)}h${f(-w * 0.09)}z`;
    }
  }
  return (
    rect(x - w / 2, top, w, hh, wall) +
    `<path d="M${f(x - w / 2 - s * 0.03)},${f(top)}L${f(x - w / 2 + s * 0.08)},${f(top - s * 0.1)}H${f(
      x + w / 2 - s * 0.08,
    )}L${f(x + w / 2 + s * 0.03)},${f(top)}Z" fill="${roof}"/>` +
    rect(x - tw / 2, tTop + s * 0.04, tw, yb - tTop - s * 0.04, "#fde68a") +
    `<path d="M${f(x - tw / 2 - s * 0.02)},${f(tTop + s * 0.05)}L${f(x)},${f(tTop - s * 0.08)}L${f(
      x + tw / 2 + s * 0.02,
    )},${f(tTop + s * 0.05)}Z" fill="${roof}"/>` +
    circle(x, tTop + s * 0.12, s * 0.045, "#fff", ` stroke="#374151" stroke-width="${f(s * 0.008)}"`) +
    `<path d="M${f(x)},${f(tTop + s * 0.12)}v${f(-s * 0.03)}M${f(x)},${f(tTop + s * 0.12)}h${f(
      s * 0.02,
    )}" stroke="#374151" stroke-width="${f(s * 0.007)}" stroke-linecap="round"/>` +
    `<path d="${win}" fill="#7dd3fc" stroke="#fff" stroke-width="${f(s * 0.006)}"/>` +
    `<path d="M${f(x - s * 0.06)},${f(yb)}V${f(yb - hh * 0.42)}a${f(s * 0.06)},${f(s * 0.06)} 0 0 1 ${f(s * 0.12)},0V${f(yb)}Z" fill="#1e3a8a"/>` +
    `<path d="M${f(x + w / 2 - s * 0.05)},${f(top - s * 0.08)}V${f(top - s * 0.32)}" stroke="#6b7280" stroke-width="${f(s * 0.008)}"/>` +
    `<path d="M${f(x + w / 2 - s * 0.05)},${f(top - s * 0.32)}h${f(s * 0.1)}l${f(-s * 0.025)},${f(
      s * 0.03,
    )}l${f(s * 0.025)},${f(s * 0.03)}h${f(-s * 0.1)}Z" fill="${BRAND_GOLD}"/>` +
    (label
      ? `<text x="${f(x)}" y="${f(top + hh * 0.13)}" font-family="sans-serif" font-size="${f(
          s * 0.045,
        )}" font-weight="bold" text-anchor="middle" fill="#7f1d1d">SCHOOL</text>`
      : "")
  );
}

/** Left-hand dark scrim so white overlay text stays readable on slides. */
function leftScrim(w, h) {
  return {
    defs: lg(
      "scrim",
      [
        [0, "#03140a", 0.78],
        [0.42, "#03140a", 0.5],
        [0.62, "#03140a", 0],
      ],
      1,
      0,
    ),
    body: fullRect(w, h, "url(#scrim)"),
  };
}

/** A group of people of assorted heights/colours centred on x. */
function crowd(rng, cx, yb, spread, n, hMin, hMax, colors, armsChance = 0.2) {
  let out = "";
  for (let i = 0; i < n; i++) {
    const x = cx - spread / 2 + (spread * (i + 0.5)) / n + between(rng, -spread / n / 4, spread / n / 4);
    const h = between(rng, hMin, hMax);
    out += person(x, yb + between(rng, -3, 3), h, pick(rng, colors), rng() < armsChance);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Scenes (each returns { defs, body })
// ---------------------------------------------------------------------------

function sceneCommunity(w, h, rng, { focus = 0.5, dusk = false } = {}) {
  const u = Math.min(w, h);
  const fx = w * focus;
  const defs =
    PERSON_DEFS +
    lg(
      "sky",
      dusk
        ? [
            [0, "#1e3a5f"],
            [0.6, "#c2577a"],
            [1, "#f4a261"],
          ]
        : [
            [0, "#1d4e89"],
            [0.7, "#7ab8d9"],
            [1, "#fde8c8"],
          ],
    );
  let body = fullRect(w, h, "url(#sky)");
  body += sun(fx + u * 0.28, h * 0.38, u * 0.11, dusk ? "#fbbf24" : "#fde047");
  body += cloud(fx - u * 0.35, h * 0.2, u * 0.12, 0.5) + cloud(fx + u * 0.55, h * 0.15, u * 0.09, 0.45);
  body += birds(rng, fx - u * 0.1, h * 0.24, u * 0.12, 4, "#1e293b");
  body += hill(w, h, h * 0.66, h * 0.1, "#3f8f5a", rng, 4, ' opacity=".8"');
  body += hill(w, h, h * 0.8, h * 0.08, "#2f7a48", rng, 3);
  body += tree(fx - u * 0.55, h * 0.78, u * 0.34, "#1f6b3a") + tree(fx + u * 0.62, h * 0.8, u * 0.28, "#236f3d");
  body += `<g>${crowd(rng, fx, h * 0.86, u * 0.75, 7, u * 0.2, u * 0.3, ["#14532d", "#1e3a8a", "#9d174d", "#b45309", "#6d28d9", "#0f766e", "#7c2d12"], 0.3)}</g>`;
  body += hill(w, h, h * 0.93, h * 0.03, "#1c5e34", rng, 3);
  return { defs, body };
}

function sceneSchool(w, h, rng, { focus = 0.5, label = false } = {}) {
  const u = Math.min(w, h);
  const fx = w * focus;
  const defs =
    PERSON_DEFS +
    lg("sky", [
      [0, "#38bdf8"],
      [1, "#e0f2fe"],
    ]) +
    lg("grass", [
      [0, "#65a30d"],
      [1, "#3f6212"],
    ]);
  let body = fullRect(w, h, "url(#sky)");
  body += sun(fx - u * 0.55, h * 0.2, u * 0.08);
  body += cloud(fx + u * 0.45, h * 0.16, u * 0.12) + cloud(fx - u * 0.15, h * 0.12, u * 0.08, 0.7);
  body += hill(w, h, h * 0.68, h * 0.08, "#84cc16", rng, 4, ' opacity=".7"');
  body += rect(0, h * 0.74, w, h * 0.26, "url(#grass)");
  body += school(fx, h * 0.76, u * 0.9, { label });
  body += `<path d="M${f(fx - u * 0.05)},${f(h * 0.76)}L${f(fx - u * 0.16)},${h}H${f(fx + u * 0.16)}L${f(fx + u * 0.05)},${f(h * 0.76)}Z" fill="#e7d8b5"/>`;
  body += tree(fx - u * 0.62, h * 0.8, u * 0.36, "#166534") + tree(fx + u * 0.62, h * 0.82, u * 0.32, "#15803d");
  body += crowd(rng, fx - u * 0.32, h * 0.93, u * 0.26, 3, u * 0.1, u * 0.15, ["#1d4ed8", "#b91c1c", "#7c3aed"], 0.3);
  body += crowd(rng, fx + u * 0.32, h * 0.95, u * 0.26, 3, u * 0.1, u * 0.16, ["#ea580c", "#0f766e", "#be185d"], 0.3);
  return { defs, body };
}

function sceneFestival(w, h, rng, { focus = 0.5, alt = false } = {}) {
  const u = Math.min(w, h);
  const fx = w * focus;
  const defs =
    PERSON_DEFS +
    lg(
      "sky",
      alt
        ? [
            [0, "#0f172a"],
            [0.6, "#0e7490"],
            [1, "#f97316"],
          ]
        : [
            [0, "#1e1b4b"],
            [0.65, "#6b21a8"],
            [1, "#db2777"],
          ],
    ) +
    rg("glow", [
      [0, "#fbbf24", 0.6],
      [1, "#fbbf24", 0],
    ]);
  let body = fullRect(w, h, "url(#sky)");
  body += stars(rng, w, h, 28, 0.5);
  body += circle(fx + u * 0.5, h * 0.18, u * 0.06, "#fef3c7") + circle(fx + u * 0.53, h * 0.16, u * 0.055, "#2a1d5c");
  body += firework(fx - u * 0.2, h * 0.25, u * 0.14, "#f472b6", rng) + firework(fx + u * 0.25, h * 0.32, u * 0.1, "#fde047", rng, 12);
  const colors = ["#f97316", "#facc15", "#ec4899", "#22d3ee", "#a3e635"];
  body += bunting(fx - u * 0.9, h * 0.06, fx + u * 0.9, h * 0.04, h * 0.08, 11, colors, u * 0.07);
  for (let i = 0; i < 5; i++) {
    const lx = fx - u * 0.6 + i * u * 0.3;
    body += lantern(lx, h * (0.32 + 0.08 * (i % 2)), u * 0.04, colors[i], 0);
  }
  body += `<ellipse cx="${f(fx)}" cy="${f(h * 0.86)}" rx="${f(u * 0.9)}" ry="${f(h * 0.22)}" fill="url(#glow)"/>`;
  body += hill(w, h, h * 0.86, h * 0.04, "#1e1033", rng, 3);
  body += `<g fill="#170b2b">${crowd(rng, fx, h * 0.9, u * 0.9, 8, u * 0.2, u * 0.28, [""], 0.7)}</g>`;
  return { defs, body: body.replace(/ fill=""/g, "") };
}

function sceneChristmas(w, h, rng) {
  const u = Math.min(w, h);
  const defs =
    PERSON_DEFS +
    lg("sky", [
      [0, "#0b1736"],
      [0.7, "#1e3a8a"],
      [1, "#3b5bb5"],
    ]) +
    lg("snow", [
      [0, "#f8fafc"],
      [1, "#cbd5e1"],
    ]) +
    rg("tglow", [
      [0, "#fde68a", 0.55],
      [1, "#fde68a", 0],
    ]);
  let body = fullRect(w, h, "url(#sky)") + stars(rng, w, h, 30, 0.55);
  // snowflakes
  let flakes = "";
  for (let i = 0; i < 22; i++) flakes += `M${Math.round(rng() * w)},${Math.round(rng() * h * 0.8)}h0`;
  // zero-length segments with round caps render as dots
  body += `<path d="${flakes}" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".75"/>`;
  body += circle(w * 0.15, h * 0.24, u * 0.06, "#f8fafc", ' opacity=".9"');
  body += hill(w, h, h * 0.7, h * 0.08, "#dbe4f0", rng, 4);
  body += pine(w * 0.12, h * 0.76, u * 0.28, "#14532d") + pine(w * 0.9, h * 0.78, u * 0.3, "#166534") + pine(w * 0.2, h * 0.8, u * 0.2, "#15803d");
  // main tree
  const tx = w * 0.62;
  const tb = h * 0.84;
  const ts = u * 0.6;
  body += circle(tx, tb - ts * 0.45, ts * 0.6, "url(#tglow)");
  body += pine(tx, tb, ts, "#166534");
  // lights garlands across the tree
  const colors = ["#ef4444", "#facc15", "#38bdf8", "#f472b6", "#fff"];
  let k = 0;
  for (let i = 1; i <= 3; i++) {
    const yy = tb - ts + i * ts * 0.22 + ts * 0.14;
    const half = ts * (0.16 + i * 0.085);
    body += `<path d="M${f(tx - half)},${f(yy - ts * 0.03)}Q${f(tx)},${f(yy + ts * 0.06)} ${f(tx + half)},${f(yy - ts * 0.05)}" fill="none" stroke="#fde68a" stroke-width="2"/>`;
    for (let j = 0; j <= 5; j++) {
      const [bx, by] = qpt([tx - half, yy - ts * 0.03], [tx, yy + ts * 0.06], [tx + half, yy - ts * 0.05], j / 5);
      body += circle(bx, by, ts * 0.022, colors[k++ % colors.length]);
    }
  }
  body += `<path d="${starPath(tx, tb - ts - ts * 0.02, ts * 0.07, ts * 0.03)}" fill="#facc15"/>`;
  // presents
  body += rect(tx - ts * 0.34, tb - ts * 0.1, ts * 0.14, ts * 0.12, "#dc2626") + rect(tx - ts * 0.28, tb - ts * 0.1, ts * 0.02, ts * 0.12, "#facc15");
  body += rect(tx + ts * 0.2, tb - ts * 0.08, ts * 0.16, ts * 0.1, "#2563eb") + rect(tx + ts * 0.27, tb - ts * 0.08, ts * 0.02, ts * 0.1, "#fff");
  body += rect(0, h * 0.84, w, h * 0.16, "url(#snow)");
  body += bunting(0, h * 0.03, w, h * 0.02, h * 0.03, 12, ["#dc2626", "#16a34a", "#facc15", "#fff"], u * 0.045);
  body += `<g fill="#0f1d44">${crowd(rng, w * 0.3, h * 0.95, u * 0.5, 5, u * 0.14, u * 0.22, [""], 0.4)}</g>`;
  return { defs, body: body.replace(/ fill=""/g, "") };
}

// ---- gallery themes -------------------------------------------------------

const THEMES = {
  // g1: Annual Day celebration (stage, performers, awards)
  annual: {
    label: "Annual Day celebration",
    scene(w, h, rng, alt) {
      const u = Math.min(w, h);
      const defs =
        PERSON_DEFS +
        lg(
          "bg",
          alt
            ? [
                [0, "#0c1445"],
                [1, "#1e40af"],
              ]
            : [
                [0, "#1e0b3a"],
                [1, "#4c1d95"],
              ],
        ) +
        lg("floor", [
          [0, "#92400e"],
          [1, "#3b1402"],
        ]) +
        lg("beam", [
          [0, "#fff7d6", 0.5],
          [1, "#fff7d6", 0.05],
        ]);
      let body = fullRect(w, h, "url(#bg)");
      body += circle(w / 2, h * 0.45, u * 0.45, "#a855f7", ' opacity=".22"');
      body += rect(0, h * 0.74, w, h * 0.26, "url(#floor)") + rect(0, h * 0.74, w, h * 0.015, "#fbbf24", ' opacity=".8"');
      for (let i = 0; i < 3; i++) {
        const tx = w * (0.2 + 0.3 * i);
        const cx = w * (0.32 + 0.18 * i);
        const r = u * 0.14;
        body += `<path d="M${f(tx - 8)},0H${f(tx + 8)}L${f(cx + r)},${f(h * 0.8)}H${f(cx - r)}Z" fill="url(#beam)"/>`;
        body += `<ellipse cx="${f(cx)}" cy="${f(h * 0.8)}" rx="${f(r)}" ry="${f(r * 0.22)}" fill="#fff7d6" opacity=".3"/>`;
      }
      body += crowd(rng, w / 2, h * 0.81, w * 0.42, 4, u * 0.26, u * 0.34, ["#fbbf24", "#f472b6", "#2dd4bf", "#fb923c", "#e879f9"], 0.6);
      // curtains
      const cw = w * 0.16;
      for (const side of [0, 1]) {
        const m = (x) => (side ? w - x : x);
        body += `<path d="M${f(m(0))},0H${f(m(cw))}C${f(m(cw * 0.7))},${f(h * 0.3)} ${f(m(cw * 0.95))},${f(h * 0.6)} ${f(m(cw * 0.4))},${f(h * 0.78)}H${f(m(0))}Z" fill="#9f1239"/>`;
        body += `<path d="M${f(m(cw * 0.3))},0V${f(h * 0.78)}M${f(m(cw * 0.62))},0C${f(m(cw * 0.5))},${f(h * 0.4)} ${f(m(cw * 0.6))},${f(h * 0.6)} ${f(m(cw * 0.4))},${f(h * 0.74)}" stroke="#e11d48" stroke-width="${f(u * 0.012)}" fill="none" opacity=".6"/>`;
      }
      body += rect(0, 0, w, h * 0.07, "#881337");
      let sc = "";
      const n = 12;
      for (let i = 0; i < n; i++) sc += `M${f((w * i) / n)},${f(h * 0.07)}a${f(w / n / 2)},${f(h * 0.04)} 0 0 0 ${f(w / n)},0z`;
      body += `<path d="${sc}" fill="#881337"/>`;
      body += confetti(rng, w, h, 16, ["#fde047", "#f472b6", "#67e8f9", "#fff"], 0.6);
      return { defs, body };
    },
    close(w, h, rng, alt) {
      const u = Math.min(w, h);
      const defs =
        rg(
          "bg",
          alt
            ? [
                [0, "#0e7490"],
                [1, "#082f49"],
              ]
            : [
                [0, "#7e22ce"],
                [1, "#1e0b3a"],
              ],
          0.5,
          0.5,
          0.7,
        ) +
        lg(
          "gold",
          [
            [0, "#fde68a"],
            [0.5, "#f59e0b"],
            [1, "#b45309"],
          ],
          1,
          0,
        );
      let body = fullRect(w, h, "url(#bg)");
      let rays = "";
      const cx = w / 2;
      const cy = h / 2;
      const R = Math.max(w, h);
      for (let i = 0; i < 16; i++) {
        const a0 = (Math.PI * 2 * i) / 16;
        const a1 = a0 + Math.PI / 16;
        rays += `M${f(cx)},${f(cy)}L${f(cx + R * Math.cos(a0))},${f(cy + R * Math.sin(a0))}L${f(cx + R * Math.cos(a1))},${f(cy + R * Math.sin(a1))}Z`;
      }
      body += `<path d="${rays}" fill="#fff" opacity=".06"/>`;
      const k = u / 1000;
      body +=
        `<g transform="translate(${f(cx)},${f(cy)}) scale(${f2(k)})">` +
        `<path d="M-150,-180C-260,-180-260,-30-100,-40M150,-180C260,-180 260,-30 100,-40" fill="none" stroke="#f59e0b" stroke-width="28"/>` +
        `<path d="M-160,-230H160C160,-40 80,20 0,30C-80,20-160,-40-160,-230Z" fill="url(#gold)"/>` +
        `<rect x="-25" y="20" width="50" height="100" fill="#d97706"/>` +
        `<rect x="-110" y="115" width="220" height="40" rx="10" fill="url(#gold)"/>` +
        `<rect x="-150" y="150" width="300" height="70" rx="10" fill="#451a03"/>` +
        `<rect x="-70" y="170" width="140" height="30" fill="#fbbf24"/>` +
        `<path d="${starPath(0, -110, 60, 26)}" fill="#fef3c7"/>` +
        `</g>`;
      body += confetti(rng, w, h, 22, ["#fde047", "#f472b6", "#67e8f9", "#fff", "#a3e635"]);
      return { defs, body };
    },
    crowd(w, h, rng) {
      const u = Math.min(w, h);
      const defs =
        PERSON_DEFS +
        lg("bg", [
          [0, "#12061f"],
          [1, "#2e1065"],
        ]) +
        rg(
          "stage",
          [
            [0, "#fef3c7"],
            [0.6, "#f59e0b"],
            [1, "#9a3412"],
          ],
          0.5,
          0.3,
          0.8,
        );
      let body = fullRect(w, h, "url(#bg)");
      const sx = w * 0.1;
      const sw = w * 0.8;
      body += rect(sx, h * 0.1, sw, h * 0.42, "url(#stage)");
      body += rect(sx, h * 0.1, sw * 0.12, h * 0.42, "#9f1239") + rect(sx + sw * 0.88, h * 0.1, sw * 0.12, h * 0.42, "#9f1239");
      body += rect(sx, h * 0.1, sw, h * 0.05, "#881337") + rect(sx, h * 0.52, sw, h * 0.02, "#fbbf24");
      body += `<g fill="#4a044e">${crowd(rng, w / 2, h * 0.5, sw * 0.6, 5, u * 0.13, u * 0.18, [""], 0.6)}</g>`;
      const rows = [
        [0.66, 0.1, "#2e1a47"],
        [0.8, 0.15, "#1f1033"],
        [0.98, 0.22, "#0f0819"],
      ];
      for (const [yy, sz, col] of rows) {
        const spacing = u * sz * 0.8;
        const n = Math.ceil(w / spacing) + 1;
        body += `<g fill="${col}">`;
        for (let i = 0; i < n; i++) body += person(i * spacing + between(rng, -spacing * 0.2, spacing * 0.2), h * yy + u * sz * 0.55, u * sz, "", rng() < 0.12);
        body += `</g>`;
      }
      body += confetti(rng, w, h, 12, ["#fde047", "#f472b6", "#67e8f9"], 0.5);
      return { defs, body: body.replace(/ fill=""/g, "") };
    },
  },

  // g2: school sports day
  sports: {
    label: "School sports day",
    scene(w, h, rng, alt) {
      const u = Math.min(w, h);
      const defs =
        PERSON_DEFS +
        lg(
          "sky",
          alt
            ? [
                [0, "#f97316"],
                [1, "#fef3c7"],
              ]
            : [
                [0, "#0ea5e9"],
                [1, "#e0f2fe"],
              ],
        ) +
        lg("grass", [
          [0, "#4ade80"],
          [1, "#15803d"],
        ]);
      let body = fullRect(w, h, "url(#sky)");
      body += sun(w * 0.82, h * 0.16, u * 0.07) + cloud(w * 0.25, h * 0.2, u * 0.1);
      body += hill(w, h, h * 0.52, h * 0.05, "#166534", rng, 5);
      body += rect(0, h * 0.56, w, h * 0.44, "url(#grass)");
      const y0 = h * 0.64;
      const y1 = h * 0.92;
      const bow = h * 0.05;
      body += `<path d="M0,${f(y0)}Q${f(w / 2)},${f(y0 - bow)} ${w},${f(y0)}V${f(y1)}Q${f(w / 2)},${f(y1 - bow)} 0,${f(y1)}Z" fill="#c2410c"/>`;
      let lanes = "";
      for (let i = 0; i <= 4; i++) {
        const y = y0 + ((y1 - y0) * i) / 4;
        lanes += `M0,${f(y)}Q${f(w / 2)},${f(y - bow)} ${w},${f(y)}`;
      }
      body += `<path d="${lanes}" fill="none" stroke="#fff" stroke-width="${f(u * 0.006)}" opacity=".85"/>`;
      body += `<path d="M${f(w * 0.8)},${f(y0 - bow * 0.4)}L${f(w * 0.82)},${f(y1 - bow * 0.4)}" stroke="#fff" stroke-width="${f(u * 0.012)}" stroke-dasharray="${f(u * 0.02)}"/>`;
      const team = ["#dc2626", "#2563eb", "#facc15", "#16a34a"];
      for (let i = 0; i < 4; i++) {
        const ly = y0 + ((y1 - y0) * (i + 0.75)) / 4;
        const x0 = w * (0.22 + 0.14 * ((i * 3) % 4)) + between(rng, -w * 0.03, w * 0.03);
        const x = alt ? w - x0 - w * 0.1 : x0;
        body += person(x, ly - bow * 0.7, u * (0.17 + i * 0.02), team[i], true);
      }
      body += bunting(0, h * 0.06, w, h * 0.06, h * 0.06, 12, ["#dc2626", "#2563eb", "#facc15", "#16a34a"], u * 0.05);
      return { defs, body };
    },
    close(w, h, rng, alt) {
      const u = Math.min(w, h);
      const defs =
        rg(
          "bg",
          alt
            ? [
                [0, "#60a5fa"],
                [1, "#1e3a8a"],
              ]
            : [
                [0, "#4ade80"],
                [1, "#14532d"],
              ],
          0.5,
          0.5,
          0.75,
        ) +
        lg(
          "gold",
          [
            [0, "#fef08a"],
            [0.5, "#eab308"],
            [1, "#a16207"],
          ],
          1,
          1,
        );
      let body = fullRect(w, h, "url(#bg)");
      body += confetti(rng, w, h, 20, ["#fde047", "#fff", "#60a5fa", "#f87171"]);
      const k = u / 1100;
      body +=
        `<g transform="translate(${f(w / 2)},${f(h / 2)}) scale(${f2(k)})">` +
        `<path d="M-130,-440H-30L70,-60H-30Z" fill="#dc2626"/><path d="M130,-440H30L-70,-60H30Z" fill="#2563eb"/>` +
        `<path d="M-50,-440H-30L70,-60H50Z M50,-440H30L-70,-60H-50Z" fill="#fff" opacity=".5"/>` +
        `<circle cy="90" r="175" fill="#a16207"/><circle cy="80" r="170" fill="url(#gold)"/>` +
        `<circle cy="80" r="125" fill="none" stroke="#a16207" stroke-width="10"/>` +
        `<path d="${starPath(0, 85, 85, 36)}" fill="#fef9c3"/>` +
        `</g>`;
      return { defs, body };
    },
    crowd(w, h, rng) {
      const u = Math.min(w, h);
      const defs =
        PERSON_DEFS +
        lg("sky", [
          [0, "#38bdf8"],
          [1, "#bae6fd"],
        ]) +
        lg("grass", [
          [0, "#22c55e"],
          [1, "#166534"],
        ]);
      let body = fullRect(w, h, "url(#sky)") + cloud(w * 0.7, h * 0.14, u * 0.12) + sun(w * 0.15, h * 0.12, u * 0.06);
      body += hill(w, h, h * 0.5, h * 0.05, "#15803d", rng, 4);
      body += rect(0, h * 0.55, w, h * 0.45, "url(#grass)");
      // goal frame
      body += `<path d="M${f(w * 0.2)},${f(h * 0.62)}V${f(h * 0.42)}H${f(w * 0.8)}V${f(h * 0.62)}" fill="none" stroke="#fff" stroke-width="${f(u * 0.012)}"/>`;
      const shirts = ["#dc2626", "#b91c1c", "#ef4444"];
      body += crowd(rng, w / 2, h * 0.68, w * 0.6, 6, u * 0.28, u * 0.32, shirts, 0.3);
      body += crowd(rng, w / 2, h * 0.8, w * 0.7, 5, u * 0.26, u * 0.3, ["#2563eb", "#1d4ed8", "#3b82f6"], 0.5);
      const bx = w * 0.5;
      const by = h * 0.88;
      const br = u * 0.05;
      body +=
        circle(bx, by, br, "#fff", ` stroke="#111827" stroke-width="${f(br * 0.08)}"`) + `<path d="${starPath(bx, by, br * 0.42, br * 0.36)}" fill="#111827"/>`;
      body += bunting(0, h * 0.04, w, h * 0.04, h * 0.05, 10, ["#dc2626", "#2563eb", "#facc15", "#fff"], u * 0.05);
      return { defs, body };
    },
  },

  // g3: community picnic
  picnic: {
    label: "Community picnic",
    scene(w, h, rng) {
      const u = Math.min(w, h);
      const defs =
        PERSON_DEFS +
        lg("sky", [
          [0, "#7dd3fc"],
          [1, "#fef9c3"],
        ]) +
        `<pattern id="chk" width="${f(u * 0.06)}" height="${f(u * 0.06)}" patternUnits="userSpaceOnUse"><rect width="${f(u * 0.06)}" height="${f(u * 0.06)}" fill="#fff"/><path d="M0,0h${f(u * 0.03)}v${f(u * 0.03)}h${f(-u * 0.03)}zM${f(u * 0.03)},${f(u * 0.03)}h${f(u * 0.03)}v${f(u * 0.03)}h${f(-u * 0.03)}z" fill="#dc2626"/></pattern>`;
      let body = fullRect(w, h, "url(#sky)") + sun(w * 0.2, h * 0.18, u * 0.08);
      body += cloud(w * 0.6, h * 0.14, u * 0.12) + cloud(w * 0.88, h * 0.24, u * 0.08, 0.7);
      body += birds(rng, w * 0.45, h * 0.22, u * 0.1, 3);
      body += hill(w, h, h * 0.58, h * 0.1, "#86efac", rng, 4) + hill(w, h, h * 0.72, h * 0.08, "#4ade80", rng, 3);
      body += tree(w * 0.8, h * 0.74, u * 0.55, "#15803d");
      const bx = w * 0.42;
      const by = h * 0.84;
      body += `<path d="M${f(bx - u * 0.3)},${f(by + u * 0.08)}L${f(bx - u * 0.2)},${f(by - u * 0.06)}H${f(bx + u * 0.3)}L${f(bx + u * 0.22)},${f(by + u * 0.08)}Z" fill="url(#chk)"/>`;
      body += `<path d="M${f(bx + u * 0.02)},${f(by - u * 0.02)}a${f(u * 0.06)},${f(u * 0.06)} 0 0 1 ${f(u * 0.12)},0" fill="none" stroke="#92400e" stroke-width="${f(u * 0.012)}"/>`;
      body += `<path d="M${f(bx)},${f(by - u * 0.02)}H${f(bx + u * 0.16)}L${f(bx + u * 0.14)},${f(by + u * 0.05)}H${f(bx + u * 0.02)}Z" fill="#b45309"/>`;
      body += crowd(rng, bx - u * 0.1, by + u * 0.02, u * 0.8, 5, u * 0.14, u * 0.28, ["#2563eb", "#db2777", "#f59e0b", "#7c3aed", "#0f766e"], 0.2);
      // kite
      const kx = w * 0.62;
      const ky = h * 0.3;
      const ks = u * 0.06;
      body += `<path d="M${f(kx)},${f(ky - ks)}L${f(kx + ks * 0.7)},${f(ky)}L${f(kx)},${f(ky + ks * 1.3)}L${f(kx - ks * 0.7)},${f(ky)}Z" fill="#f43f5e"/><path d="M${f(kx)},${f(ky + ks * 1.3)}Q${f(kx - ks)},${f(ky + ks * 3)} ${f(bx + u * 0.15)},${f(by - u * 0.2)}" fill="none" stroke="#334155" stroke-width="1.5"/>`;
      return { defs, body };
    },
    close(w, h, rng, alt) {
      const u = Math.min(w, h);
      const c = u * 0.08;
      const [dark, light] = alt ? ["#2563eb", "#93c5fd"] : ["#dc2626", "#fca5a5"];
      const defs = `<pattern id="chk" width="${f(c * 2)}" height="${f(c * 2)}" patternUnits="userSpaceOnUse" patternTransform="rotate(12)"><rect width="${f(c * 2)}" height="${f(c * 2)}" fill="#fff5f5"/><path d="M0,0h${f(c)}v${f(c)}h${f(-c)}zM${f(c)},${f(c)}h${f(c)}v${f(c)}h${f(-c)}z" fill="${dark}"/><path d="M${f(c)},0h${f(c)}v${f(c)}h${f(-c)}zM0,${f(c)}h${f(c)}v${f(c)}h${f(-c)}z" fill="${light}"/></pattern>`;
      let body = fullRect(w, h, "#4d7c0f");
      body += `<rect x="${f(w * 0.08)}" y="${f(h * 0.08)}" width="${f(w * 0.84)}" height="${f(h * 0.84)}" fill="url(#chk)" transform="rotate(-4 ${f(w / 2)} ${f(h / 2)})"/>`;
      const plates = [
        [0.3, 0.3],
        [0.7, 0.35],
        [0.35, 0.72],
        [0.68, 0.7],
      ];
      for (const [px, py] of plates) {
        const x = w * px;
        const y = h * py;
        body += circle(x, y, u * 0.11, "#fff", ` stroke="#e5e7eb" stroke-width="${f(u * 0.008)}"`) + circle(x, y, u * 0.075, "#f8fafc");
        body +=
          circle(x - u * 0.025, y, u * 0.028, pick(rng, ["#ef4444", "#f97316", "#84cc16"])) +
          circle(x + u * 0.03, y + u * 0.015, u * 0.024, pick(rng, ["#facc15", "#a855f7", "#ef4444"]));
      }
      const bx = w * 0.5;
      const by = h * 0.5;
      body +=
        circle(bx, by, u * 0.1, "#b45309") +
        circle(bx, by, u * 0.075, "#d97706") +
        circle(bx - u * 0.02, by - u * 0.01, u * 0.03, "#dc2626") +
        circle(bx + u * 0.025, by + u * 0.015, u * 0.028, "#facc15");
      let leaves = "";
      for (let i = 0; i < 8; i++) {
        const x = rng() < 0.5 ? rng() * w * 0.08 : w - rng() * w * 0.08;
        const y = rng() * h;
        leaves += `M${f(x)},${f(y)}q${f(u * 0.02)},${f(-u * 0.03)} ${f(u * 0.04)},0q${f(-u * 0.02)},${f(u * 0.03)} ${f(-u * 0.04)},0z`;
      }
      body += `<path d="${leaves}" fill="#a3e635"/>`;
      return { defs, body };
    },
    crowd(w, h, rng) {
      const u = Math.min(w, h);
      const defs =
        PERSON_DEFS +
        lg("sky", [
          [0, "#93c5fd"],
          [1, "#fefce8"],
        ]) +
        lg("grass", [
          [0, "#86efac"],
          [1, "#15803d"],
        ]);
      let body = fullRect(w, h, "url(#sky)") + sun(w * 0.78, h * 0.12, u * 0.07);
      body += hill(w, h, h * 0.6, h * 0.06, "#4ade80", rng, 3) + rect(0, h * 0.66, w, h * 0.34, "url(#grass)");
      body += `<g fill="#166534">` + circle(w * 0.2, h * 0.08, u * 0.34, "#166534") + circle(w * -0.05, h * 0.22, u * 0.25, "#166534") + `</g>`;
      body += rect(w * 0.1, h * 0.2, u * 0.06, h * 0.52, "#713f12");
      body += crowd(rng, w * 0.55, h * 0.86, w * 0.7, 6, u * 0.2, u * 0.42, ["#dc2626", "#2563eb", "#9333ea", "#ea580c", "#0891b2", "#be185d"], 0.3);
      const kite = (kx, ky, ks, col) =>
        `<path d="M${f(kx)},${f(ky - ks)}L${f(kx + ks * 0.7)},${f(ky)}L${f(kx)},${f(ky + ks * 1.3)}L${f(kx - ks * 0.7)},${f(ky)}Z" fill="${col}"/><path d="M${f(kx)},${f(ky + ks * 1.3)}q${f(-ks)},${f(ks * 2)} ${f(ks * 0.3)},${f(ks * 4)}" fill="none" stroke="#475569" stroke-width="2"/>`;
      body += kite(w * 0.55, h * 0.24, u * 0.06, "#f59e0b") + kite(w * 0.8, h * 0.36, u * 0.045, "#ec4899");
      return { defs, body };
    },
  },

  // g4: cultural festival (lanterns, lamps, rangoli, dancers)
  festival: {
    label: "Cultural festival",
    scene(w, h, rng, alt) {
      return sceneFestival(w, h, rng, { alt });
    },
    close(w, h, rng, alt) {
      const u = Math.min(w, h);
      const defs = rg(
        "bg",
        alt
          ? [
              [0, "#581c87"],
              [1, "#1e0533"],
            ]
          : [
              [0, "#7c2d12"],
              [1, "#1c0a02"],
            ],
        0.5,
        0.5,
        0.7,
      );
      const [pa, pb, pc] = alt ? ["#22d3ee", "#e879f9", "#fb923c"] : ["#ec4899", "#f97316", "#14b8a6"];
      let body = fullRect(w, h, "url(#bg)");
      const cx = w / 2;
      const cy = h / 2;
      const ring = (R, n, len, wid, col, off = 0) => {
        let d = "";
        for (let i = 0; i < n; i++) {
          const a = off + (2 * Math.PI * i) / n;
          const ca = Math.cos(a);
          const sa = Math.sin(a);
          const x0 = cx + ca * R;
          const y0 = cy + sa * R;
          const x1 = cx + ca * (R + len);
          const y1 = cy + sa * (R + len);
          const mx = (x0 + x1) / 2;
          const my = (y0 + y1) / 2;
          d += `M${f(x0)},${f(y0)}Q${f(mx - sa * wid)},${f(my + ca * wid)} ${f(x1)},${f(y1)}Q${f(mx + sa * wid)},${f(my - ca * wid)} ${f(x0)},${f(y0)}Z`;
        }
        return `<path d="${d}" fill="${col}"/>`;
      };
      const dots = (R, n, r, col) =>
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}" fill="none" stroke="${col}" stroke-width="${f(r * 2)}" stroke-linecap="round" stroke-dasharray="0 ${f((2 * Math.PI * R) / n)}"/>`;
      body += circle(cx, cy, u * 0.44, "#fde68a", ' opacity=".12"');
      body += ring(u * 0.27, 16, u * 0.12, u * 0.045, pa, Math.PI / 16);
      body += ring(u * 0.18, 12, u * 0.12, u * 0.05, pb);
      body += dots(u * 0.41, 32, u * 0.012, "#fde047");
      body += ring(u * 0.08, 8, u * 0.1, u * 0.045, pc, Math.PI / 8);
      body += dots(u * 0.17, 24, u * 0.01, "#fff");
      body += circle(cx, cy, u * 0.075, "#facc15") + circle(cx, cy, u * 0.04, "#dc2626");
      // diyas (clay lamps) in the corners
      const diya = (x, y, s) =>
        circle(x, y - s * 0.5, s * 0.9, "#fbbf24", ' opacity=".25"') +
        `<path d="M${f(x - s)},${f(y)}Q${f(x)},${f(y + s * 0.9)} ${f(x + s)},${f(y)}Z" fill="#b45309"/>` +
        `<path d="M${f(x)},${f(y - s * 0.9)}Q${f(x + s * 0.3)},${f(y - s * 0.3)} ${f(x)},${f(y - s * 0.05)}Q${f(x - s * 0.3)},${f(y - s * 0.3)} ${f(x)},${f(y - s * 0.9)}Z" fill="#fde047"/>`;
      const ds = u * 0.05;
      body += diya(w * 0.1, h * 0.1, ds) + diya(w * 0.9, h * 0.1, ds) + diya(w * 0.1, h * 0.92, ds) + diya(w * 0.9, h * 0.92, ds);
      if (h > w * 1.2) body += diya(w * 0.5, h * 0.08, ds) + diya(w * 0.5, h * 0.94, ds);
      return { defs, body };
    },
    crowd(w, h, rng) {
      const u = Math.min(w, h);
      const defs =
        PERSON_DEFS +
        lg("sky", [
          [0, "#0f172a"],
          [0.6, "#581c87"],
          [1, "#c2410c"],
        ]) +
        rg("glow", [
          [0, "#fb923c", 0.7],
          [1, "#fb923c", 0],
        ]);
      let body = fullRect(w, h, "url(#sky)") + stars(rng, w, h, 35, 0.5);
      const colors = ["#f97316", "#facc15", "#ec4899", "#22d3ee", "#ef4444", "#a3e635"];
      const n = 7;
      for (let i = 0; i < n; i++) {
        const lx = (w * (i + 0.5)) / n + between(rng, -w * 0.02, w * 0.02);
        body += lantern(lx, h * between(rng, 0.15, 0.45), u * between(rng, 0.035, 0.06), colors[i % colors.length], 0);
      }
      body += `<ellipse cx="${f(w / 2)}" cy="${f(h)}" rx="${f(w * 0.8)}" ry="${f(h * 0.35)}" fill="url(#glow)"/>`;
      body += `<g fill="#1a0b2e">${crowd(rng, w / 2, h * 0.98, w * 0.95, 6, u * 0.28, u * 0.4, [""], 0.8)}</g>`;
      return { defs, body: body.replace(/ fill=""/g, "") };
    },
  },
};

// ---- abstract "news" compositions with a simple motif --------------------

const MOTIFS = {
  calendar(x, y, s, accent) {
    let dots = "";
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 4; c++) dots += `M${f(x - s * 0.33 + c * s * 0.22)},${f(y + r * s * 0.2)}h${f(s * 0.12)}v${f(s * 0.12)}h${f(-s * 0.12)}z`;
    return (
      rect(x - s * 0.45, y - s * 0.4, s * 0.9, s * 0.85, "#fff", ` rx="${f(s * 0.06)}"`) +
      rect(x - s * 0.45, y - s * 0.4, s * 0.9, s * 0.22, accent, ` rx="${f(s * 0.06)}"`) +
      `<path d="M${f(x - s * 0.25)},${f(y - s * 0.48)}v${f(s * 0.16)}M${f(x + s * 0.25)},${f(y - s * 0.48)}v${f(s * 0.16)}" stroke="#334155" stroke-width="${f(s * 0.05)}" stroke-linecap="round"/>` +
      `<path d="${dots}" fill="${accent}" opacity=".55"/>`
    );
  },
  heart(x, y, s, accent) {
    return (
      circle(x, y, s * 0.55, "#fff", ' opacity=".9"') +
      `<path d="M${f(x)},${f(y + s * 0.3)}C${f(x - s * 0.5)},${f(y - s * 0.05)} ${f(x - s * 0.3)},${f(y - s * 0.4)} ${f(x)},${f(y - s * 0.15)}C${f(x + s * 0.3)},${f(y - s * 0.4)} ${f(x + s * 0.5)},${f(y - s * 0.05)} ${f(x)},${f(y + s * 0.3)}Z" fill="${accent}"/>`
    );
  },
  book(x, y, s, accent) {
    return (
      `<path d="M${f(x)},${f(y - s * 0.25)}C${f(x - s * 0.2)},${f(y - s * 0.35)} ${f(x - s * 0.4)},${f(y - s * 0.35)} ${f(x - s * 0.55)},${f(y - s * 0.28)}V${f(y + s * 0.35)}C${f(x - s * 0.4)},${f(y + s * 0.28)} ${f(x - s * 0.2)},${f(y + s * 0.28)} ${f(x)},${f(y + s * 0.38)}C${f(x + s * 0.2)},${f(y + s * 0.28)} ${f(x + s * 0.4)},${f(y + s * 0.28)} ${f(x + s * 0.55)},${f(y + s * 0.35)}V${f(y - s * 0.28)}C${f(x + s * 0.4)},${f(y - s * 0.35)} ${f(x + s * 0.2)},${f(y - s * 0.35)} ${f(x)},${f(y - s * 0.25)}Z" fill="#fff"/>` +
      `<path d="M${f(x)},${f(y - s * 0.25)}V${f(y + s * 0.38)}M${f(x - s * 0.45)},${f(y - s * 0.1)}h${f(s * 0.35)}M${f(x - s * 0.45)},${f(y + s * 0.05)}h${f(s * 0.35)}M${f(x + s * 0.1)},${f(y - s * 0.1)}h${f(s * 0.35)}M${f(x + s * 0.1)},${f(y + s * 0.05)}h${f(s * 0.35)}" stroke="${accent}" stroke-width="${f(s * 0.03)}" stroke-linecap="round"/>`
    );
  },
  megaphone(x, y, s, accent) {
    return (
      `<path d="M${f(x - s * 0.4)},${f(y - s * 0.12)}L${f(x + s * 0.3)},${f(y - s * 0.4)}V${f(y + s * 0.4)}L${f(x - s * 0.4)},${f(y + s * 0.12)}Z" fill="#fff"/>` +
      rect(x - s * 0.5, y - s * 0.12, s * 0.12, s * 0.24, accent) +
      rect(x - s * 0.3, y + s * 0.1, s * 0.1, s * 0.25, "#fff", ` rx="${f(s * 0.03)}"`) +
      `<path d="M${f(x + s * 0.42)},${f(y - s * 0.18)}q${f(s * 0.1)},${f(s * 0.18)} 0,${f(s * 0.36)}M${f(x + s * 0.5)},${f(y - s * 0.3)}q${f(s * 0.18)},${f(s * 0.3)} 0,${f(s * 0.6)}" fill="none" stroke="#fff" stroke-width="${f(s * 0.04)}" stroke-linecap="round"/>`
    );
  },
};

function sceneAbstract(w, h, rng, { colors, motif }) {
  const u = Math.min(w, h);
  const [c0, c1, c2, c3] = colors;
  const defs = lg(
    "bg",
    [
      [0, c0],
      [1, c1],
    ],
    1,
    1,
  );
  let body = fullRect(w, h, "url(#bg)");
  for (let i = 0; i < 6; i++) {
    body += circle(rng() * w, rng() * h, u * between(rng, 0.12, 0.45), i % 2 ? c2 : c3, ` opacity="${f2(between(rng, 0.15, 0.4))}"`);
  }
  body += `<path d="M0,${f(h * 0.75)}L${w},${f(h * 0.45)}V${f(h * 0.62)}L0,${f(h * 0.92)}Z" fill="#fff" opacity=".1"/>`;
  let dots = "";
  for (let r = 0; r < 4; r++) for (let c = 0; c < 6; c++) dots += `M${f(w * 0.08 + c * u * 0.05)},${f(h * 0.12 + r * u * 0.05)}h4v4h-4z`;
  body += `<path d="${dots}" fill="#fff" opacity=".5"/>`;
  body += circle(w * 0.62, h * 0.5, u * 0.3, "#000", ' opacity=".12"');
  body += MOTIFS[motif](w * 0.62, h * 0.5, u * 0.4, c0);
  return { defs, body };
}

function sceneGarden(w, h, rng) {
  const u = Math.min(w, h);
  const defs =
    PERSON_DEFS +
    lg("sky", [
      [0, "#a5f3fc"],
      [1, "#fef9c3"],
    ]) +
    lg("soil", [
      [0, "#92400e"],
      [1, "#57280b"],
    ]);
  let body = fullRect(w, h, "url(#sky)") + sun(w * 0.8, h * 0.2, u * 0.08) + cloud(w * 0.3, h * 0.16, u * 0.12);
  body += hill(w, h, h * 0.55, h * 0.1, "#86efac", rng, 4) + hill(w, h, h * 0.66, h * 0.06, "#4ade80", rng, 3);
  body += rect(0, h * 0.8, w, h * 0.2, "url(#soil)");
  for (let i = 0; i < 5; i++) {
    const x = w * (0.1 + i * 0.2);
    const s = u * between(rng, 0.2, 0.4);
    body += tree(x, h * 0.82, s, pick(rng, ["#16a34a", "#15803d", "#22c55e"]));
  }
  body += crowd(rng, w * 0.55, h * 0.9, w * 0.5, 4, u * 0.22, u * 0.3, ["#0369a1", "#c2410c", "#7e22ce", "#be123c"], 0.25);
  return { defs, body };
}

// ---------------------------------------------------------------------------
// Output: SVG files
// ---------------------------------------------------------------------------

function emitSvg(rel, w, h, title, { defs, body }) {
  writeFile(rel, svgDoc(w, h, title, defs, body));
}

function withScrim(scene, w, h) {
  const s = leftScrim(w, h);
  return { defs: scene.defs + s.defs, body: scene.body + s.body };
}

function generateSvgs() {
  // Hero slides (1920x800), content weighted to the right, dark scrim on the left.
  {
    const [w, h] = [1920, 800];
    emitSvg(
      "public/demo/slides/slide-1.svg",
      w,
      h,
      "Neighbours gathering on a hillside at sunset",
      withScrim(sceneCommunity(w, h, rngFor("slide-1"), { focus: 0.72, dusk: true }), w, h),
    );
    emitSvg(
      "public/demo/slides/slide-2.svg",
      w,
      h,
      "Children arriving at the community school on a sunny day",
      withScrim(sceneSchool(w, h, rngFor("slide-2"), { focus: 0.72 }), w, h),
    );
    emitSvg(
      "public/demo/slides/slide-3.svg",
      w,
      h,
      "Festival night with lanterns, bunting and fireworks",
      withScrim(sceneFestival(w, h, rngFor("slide-3"), { focus: 0.72 }), w, h),
    );
  }

  emitSvg(
    "public/demo/event/upcoming.svg",
    1200,
    800,
    "Christmas celebration with a decorated tree, lights and snow",
    sceneChristmas(1200, 800, rngFor("upcoming")),
  );

  emitSvg("public/demo/pages/about.svg", 800, 600, "Members of the community standing together on a hill", sceneCommunity(800, 600, rngFor("about")));
  emitSvg(
    "public/demo/pages/school.svg",
    800,
    600,
    "The community school building with pupils outside",
    sceneSchool(800, 600, rngFor("school"), { label: true }),
  );

  // Office-bearer avatars: stylised head-and-shoulders, one colour each.
  const bearerColours = ["#14532d", "#1e40af", "#9d174d", "#b45309", "#6d28d9", "#0f766e", "#b91c1c", "#334155"];
  bearerColours.forEach((c, i) => {
    const n = i + 1;
    const rng = rngFor(`bearer-${n}`);
    const defs = rg(
      "hl",
      [
        [0, "#fff", 0.28],
        [1, "#fff", 0],
      ],
      0.3,
      0.25,
      0.8,
    );
    const collar = i % 2 === 0;
    let body = fullRect(400, 400, c) + fullRect(400, 400, "url(#hl)");
    body += circle(200 + between(rng, -80, 80), between(rng, 40, 90), between(rng, 30, 60), "#fff", ' opacity=".08"');
    body += `<g fill="#fff" opacity=".88">`;
    body += `<path d="M50,400C50,300 110,262 200,262C290,262 350,300 350,400Z"/>`;
    body += `<rect x="178" y="205" width="44" height="70" rx="16"/>`;
    body += `<ellipse cx="200" cy="160" rx="${between(rng, 62, 70).toFixed(0)}" ry="76"/>`;
    body += `</g>`;
    body += collar
      ? `<path d="M170,268L200,318L230,268Z" fill="${c}" opacity=".55"/>`
      : `<path d="M150,272Q200,300 250,272" fill="none" stroke="${c}" stroke-opacity=".4" stroke-width="8" stroke-linecap="round"/>`;
    emitSvg(`public/demo/office-bearers/bearer-${n}.svg`, 400, 400, `Placeholder portrait for office bearer ${n}`, { defs, body });
  });

  // Galleries
  const sizes = { 1: [1200, 800], 2: [800, 1200], 3: [1200, 800], 4: [1000, 1000], 5: [1200, 800], 6: [800, 1200] };
  const modes = { 1: "scene", 2: "close", 3: "crowd", 4: "close", 5: "scene", 6: "crowd" };
  const modeText = { scene: "scene", close: "close-up", crowd: "people" };
  const galleries = [
    ["g1", THEMES.annual, 6],
    ["g2", THEMES.sports, 5],
    ["g3", THEMES.picnic, 4],
    ["g4", THEMES.festival, 6],
  ];
  for (const [g, theme, count] of galleries) {
    for (let n = 1; n <= count; n++) {
      const [w, h] = sizes[n];
      const mode = modes[n];
      const rel = `public/demo/galleries/${g}/photo-${n}.svg`;
      emitSvg(rel, w, h, `${theme.label} - ${modeText[mode]} ${n} (illustration)`, theme[mode](w, h, rngFor(rel), n >= 4));
    }
  }

  // News images (1200x750)
  const [nw, nh] = [1200, 750];
  const news = [
    ["Community members meeting together", (r) => sceneCommunity(nw, nh, r, { dusk: false })],
    ["The community school", (r) => sceneSchool(nw, nh, r)],
    ["Sports day races on the track", (r) => THEMES.sports.scene(nw, nh, r)],
    ["Festival lights and dancing", (r) => sceneFestival(nw, nh, r)],
    ["Dates for the diary", (r) => sceneAbstract(nw, nh, r, { colors: ["#0f766e", "#134e4a", "#5eead4", "#fde047"], motif: "calendar" })],
    ["Families enjoying a picnic", (r) => THEMES.picnic.scene(nw, nh, r)],
    ["Charity appeal", (r) => sceneAbstract(nw, nh, r, { colors: ["#be123c", "#4c0519", "#fda4af", "#fbbf24"], motif: "heart" })],
    ["Annual Day performances on stage", (r) => THEMES.annual.scene(nw, nh, r)],
    ["Tree planting volunteers", (r) => sceneGarden(nw, nh, r)],
    ["Library and learning", (r) => sceneAbstract(nw, nh, r, { colors: ["#1e3a8a", "#172554", "#93c5fd", "#f59e0b"], motif: "book" })],
    ["Announcement from the committee", (r) => sceneAbstract(nw, nh, r, { colors: ["#7c2d12", "#431407", "#fdba74", BRAND_GOLD], motif: "megaphone" })],
    ["Awards and achievements", (r) => THEMES.annual.close(nw, nh, r)],
  ];
  news.forEach(([title, make], i) => {
    const rel = `public/demo/news/news-${i + 1}.svg`;
    emitSvg(rel, nw, nh, `${title} (illustration)`, make(rngFor(rel)));
  });

  // Favicon: the association emblem (same geometry as the PNG icons).
  writeFile(
    "public/favicon.svg",
    svgDoc(
      64,
      64,
      "Community association emblem",
      "",
      `<rect width="64" height="64" rx="12.8" fill="${BRAND_GREEN}"/>` +
        `<circle cx="32" cy="32" r="19.2" fill="none" stroke="${BRAND_GOLD}" stroke-width="5.1"/>` +
        `<circle cx="32" cy="32" r="7.7" fill="${BRAND_GOLD}"/>`,
    ),
  );
}

// ---------------------------------------------------------------------------
// PNG encoding (hand rolled: CRC32 + zlib.deflateSync)
// ---------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf) {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function encodePng(width, height, rgba) {
  const stride = width * 4;
  const raw = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: None
    rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter
  ihdr[12] = 0; // interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const hexRgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const clamp01 = (v) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Signed distance to a rounded square centred at the origin (half size b, radius r). */
function sdRoundSquare(x, y, b, r) {
  const qx = Math.abs(x) - b + r;
  const qy = Math.abs(y) - b + r;
  const ox = Math.max(qx, 0);
  const oy = Math.max(qy, 0);
  return Math.hypot(ox, oy) + Math.min(Math.max(qx, qy), 0) - r;
}

/**
 * Draw the emblem: deep-green rounded square (or full-bleed square) with a
 * gold ring and a gold centre dot. Geometry is in units of the icon size,
 * centred at 0. Anti-aliased analytically from signed distances.
 */
function renderEmblem(size, { fullBleed, corner = 0.2, ringR = 0.3, ringW = 0.08, dotR = 0.12 }) {
  const green = hexRgb(BRAND_GREEN);
  const greenLight = hexRgb("#1d6b3c");
  const gold = hexRgb(BRAND_GOLD);
  const goldLight = hexRgb("#ecc251");
  const out = Buffer.alloc(size * size * 4);
  const cov = (d) => clamp01(0.5 - d * size); // d in icon units -> pixel coverage
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) / size - 0.5;
      const y = (py + 0.5) / size - 0.5;
      const r = Math.hypot(x, y);
      const bg = fullBleed ? 1 : cov(sdRoundSquare(x, y, 0.5, corner));
      // subtle radial lightening towards the top-left
      const t = clamp01(1 - Math.hypot(x + 0.15, y + 0.2) / 0.75);
      let col = green.map((c, i) => c + (greenLight[i] - c) * t);
      const ring = cov(Math.abs(r - ringR) - ringW / 2);
      const dot = cov(r - dotR);
      const gt = clamp01(0.5 - y * 1.5); // gold slightly lighter at the top
      const g = gold.map((c, i) => c + (goldLight[i] - c) * gt * 0.6);
      const a = Math.max(ring, dot);
      col = col.map((c, i) => c + (g[i] - c) * a);
      const o = (py * size + px) * 4;
      out[o] = Math.round(col[0]);
      out[o + 1] = Math.round(col[1]);
      out[o + 2] = Math.round(col[2]);
      out[o + 3] = Math.round(bg * 255);
    }
  }
  return out;
}

function generatePngs() {
  const icons = [
    ["public/icons/icon-192.png", 192, { fullBleed: false }],
    ["public/icons/icon-512.png", 512, { fullBleed: false }],
    // Maskable: opaque full-bleed background; the emblem's outer edge stays
    // well inside the central 80% safe zone (radius 0.4 of the size).
    ["public/icons/icon-maskable-512.png", 512, { fullBleed: true, ringR: 0.24, ringW: 0.064, dotR: 0.095 }],
    // Apple touch icons should be opaque; iOS applies its own rounding.
    ["public/icons/apple-touch-icon.png", 180, { fullBleed: true, ringR: 0.28, ringW: 0.075, dotR: 0.11 }],
  ];
  for (const [rel, size, opts] of icons) writeFile(rel, encodePng(size, size, renderEmblem(size, opts)));
}

// ---------------------------------------------------------------------------
// PDF 1.4 writer (single A4 page, Helvetica, uncompressed content stream)
// ---------------------------------------------------------------------------

const pdfString = (s) => `(${s.replace(/[\\()]/g, (m) => "\\" + m)})`;

function makePdf(title, subtitle, lines) {
  const W = 595.28;
  const H = 841.89;
  const left = 60;
  let c = "";
  // header band in brand green with a gold rule
  c += `0.078 0.325 0.176 rg\n0 ${f(H - 110)} ${W} 110 re f\n`;
  c += `0.831 0.627 0.09 rg\n0 ${f(H - 114)} ${W} 4 re f\n`;
  c += `BT\n/F2 24 Tf\n1 1 1 rg\n${left} ${f(H - 62)} Td\n${pdfString(title)} Tj\n`;
  c += `/F1 11 Tf\n0.96 0.91 0.7 rg\n0 -24 Td\n${pdfString(subtitle)} Tj\nET\n`;
  // body text
  c += `BT\n/F1 11 Tf\n0.13 0.16 0.2 rg\n16 TL\n${left} ${f(H - 160)} Td\n`;
  lines.forEach((line, i) => {
    c += `${i ? "T* " : ""}${pdfString(line)} Tj\n`;
  });
  c += `ET\n`;
  // footer
  c += `0.8 0.82 0.85 RG\n0.5 w\n${left} 60 m ${f(W - left)} 60 l S\n`;
  c += `BT\n/F1 8 Tf\n0.45 0.47 0.5 rg\n${left} 46 Td\n${pdfString("Demonstration document generated for the community association website.")} Tj\nET\n`;

  const objects = [
    `<< /Type /Catalog /Pages 2 0 R >>`,
    `<< /Type /Pages /Kids [3 0 R] /Count 1 >>`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${W} ${H}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>`,
    `<< /Length ${Buffer.byteLength(c, "latin1")} >>\nstream\n${c}\nendstream`,
    `<< /Title ${pdfString(title)} /Author ${pdfString("Community Association")} /Producer ${pdfString(
      "generate-demo-assets.mjs",
    )} /CreationDate (D:20250101000000Z) /ModDate (D:20250101000000Z) >>`,
  ];

  // All content is ASCII except the binary marker, so string length == byte length (latin1).
  let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) pdf += `${String(off).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

function generatePdfs() {
  const sub = "Community Association - demonstration copy";
  writeFile(
    "seed/files/documents/constitution.pdf",
    makePdf("Association Constitution", sub, [
      "1. Name. The organisation shall be known as the Community Association.",
      "2. Objects. To promote cultural, educational and social activities for all members.",
      "3. Membership. Open to all residents who support the objects and pay the subscription.",
      "4. Committee. Office bearers are elected at the Annual General Meeting for two years.",
      "5. Meetings. The AGM is held each year with at least 21 days' notice to members.",
      "6. Amendments. Changes require a two-thirds majority of members present and voting.",
    ]),
  );
  writeFile(
    "seed/files/documents/annual-report-2025.pdf",
    makePdf("Annual Report 2025", sub, [
      "Membership grew to 412 households across the region during 2025.",
      "Highlights: Annual Day, School Sports Day, the Summer Picnic and the Cultural Festival.",
      "Our weekend school welcomed 96 pupils taught by 14 volunteer teachers.",
      "Income of GBP 18,450 was raised through subscriptions, events and donations.",
      "The committee thanks every volunteer, sponsor and family for their support.",
    ]),
  );
  writeFile(
    "seed/files/documents/membership-handbook.pdf",
    makePdf("Membership Handbook", sub, [
      "Welcome! This handbook explains how membership of the Association works.",
      "Membership runs from 1 April to 31 March and can be renewed online each year.",
      "Members receive event discounts, voting rights at the AGM and our newsletter.",
      "Please keep your contact details up to date so that we can reach you.",
      "Questions? Speak to any office bearer or use the contact form on our website.",
    ]),
  );
}

// ---------------------------------------------------------------------------

generateSvgs();
generatePngs();
generatePdfs();

for (const rel of written) {
  console.log(`${String(fs.statSync(path.join(ROOT, rel)).size).padStart(7)}  ${rel}`);
}
console.log(`${written.length} files written.`);
