import { formatKb, KB } from "./gzip-size";
import type { PageResult } from "./measure-page";
import type { Timing } from "./timing";

/** The budgets of docs/requirements.md §11.9, for the public pages. kB = 1000 bytes, sizes gzipped at level 9. */
export const BUDGETS = {
  jsGzipBytes: 90 * KB,
  /** The home page may carry the carousel. */
  homeJsGzipBytes: 120 * KB,
  htmlGzipBytes: 14 * KB,
  /** Page p50 at most this many times the static file's p50. */
  p50Ratio: 2,
};

/**
 * Ours, for the signed-in pages (member and back office). The JS budget of §11.9 is for
 * the public pages, so their JavaScript is reported, not judged. The HTML budget is the
 * public one (a first response that fits the first round trips). Their server time is
 * not judged as a ratio to a static file: they can never be answered from a cache (each
 * reads the session and the member's rows in D1, several round trips), so the ratio
 * measures D1, not the render; it is reported, and the p50 must stay under §11.9's
 * back-office table-page budget, 150 ms.
 */
export const SIGNED_IN_BUDGETS = {
  htmlGzipBytes: BUDGETS.htmlGzipBytes,
  p50Ms: 150,
};

export type Verdict = "PASS" | "FAIL" | "N/A";

export interface BudgetCheck {
  page: string;
  budget: string;
  actual: string;
  verdict: Verdict;
}

function verdict(applies: boolean, passes: boolean): Verdict {
  if (!applies) return "N/A";
  return passes ? "PASS" : "FAIL";
}

/** The home page is at / and, as the old site's own address, /home (app/features/site/routes/home-alias.tsx). */
export function jsBudgetFor(path: string): number {
  return path === "/" || path === "/home" ? BUDGETS.homeJsGzipBytes : BUDGETS.jsGzipBytes;
}

/**
 * A page that does not answer 200 fails "answers 200"; its other budgets are N/A (a 404
 * page's figures say nothing). The JS budget fails if one of its scripts does not load.
 */
/**
 * Public pages that can never come from the visitors' page cache, so the "2× a static
 * file" budget (which that cache makes possible) does not fit them: /logout answers with
 * a Set-Cookie that ends the session. They are held to the signed-in pages' time budget.
 */
const NEVER_CACHED = new Set(["/logout"]);

export function checkPage(page: PageResult, staticTiming: Timing): BudgetCheck[] {
  const signedIn = page.audience !== "visitor";
  const uncached = !signedIn && NEVER_CACHED.has(page.path);
  const ours = signedIn ? ` (ours, ${page.audience})` : "";
  const ok = page.status === 200;
  const jsLimit = jsBudgetFor(page.path);
  const ratio = page.timing.p50 / staticTiming.p50;
  // A script that does not load cannot be weighed: the figure would be too low.
  const js = formatKb(page.js.gzipBytes) + (page.js.missing.length ? ` + ${page.js.missing.length} missing` : "");
  return [
    { page: page.path, budget: "answers 200", actual: String(page.status), verdict: ok ? "PASS" : "FAIL" },
    {
      page: page.path,
      budget: `HTML ≤ ${formatKb(BUDGETS.htmlGzipBytes)} gz${ours}`,
      actual: formatKb(page.html.gzipBytes),
      verdict: verdict(ok, page.html.gzipBytes <= BUDGETS.htmlGzipBytes),
    },
    signedIn
      ? { page: page.path, budget: `JS: reported, no budget (${page.audience})`, actual: js, verdict: "N/A" }
      : {
          page: page.path,
          budget: `JS ≤ ${formatKb(jsLimit)} gz`,
          actual: js,
          verdict: verdict(ok, page.js.gzipBytes <= jsLimit && page.js.missing.length === 0),
        },
    signedIn || uncached
      ? {
          page: page.path,
          budget: `p50 < ${SIGNED_IN_BUDGETS.p50Ms} ms${signedIn ? ours : " (ours, never cached)"}`,
          actual: `${page.timing.p50.toFixed(1)} ms (${ratio.toFixed(1)}× static)`,
          verdict: verdict(ok, page.timing.p50 < SIGNED_IN_BUDGETS.p50Ms),
        }
      : { page: page.path, budget: `p50 ≤ ${BUDGETS.p50Ratio}× static p50`, actual: `${ratio.toFixed(2)}×`, verdict: verdict(ok, ratio <= BUDGETS.p50Ratio) },
  ];
}

/**
 * The budgets on real-size photos of docs/requirements.md §7.12 and ADR 46
 * (npm run seed -- --photos: 40 phone photos of 3–5 MB and full-size banners): the photo
 * gallery at a 360 px wide phone screen, before scrolling, and Lighthouse mobile on the home
 * page and that gallery. 1 MB = 1,000,000 bytes.
 */
export const PHOTO_BUDGETS = {
  imagesBeforeScrollBytes: 1_500 * KB,
  thumbnailBytes: 60 * KB,
  lighthousePerformance: 95,
  lcpMs: 2_500,
} as const;

export interface GalleryImages {
  path: string;
  /** The images the page loaded before any scrolling: URL and bytes transferred (the body as sent). */
  images: Array<{ url: string; bytes: number }>;
}

/** A gallery thumbnail: a photo of ours under /media/photos/ (not the logo or an icon). */
const isPhoto = (url: string) => new URL(url).pathname.startsWith("/media/photos/");

/** A photo's folder and rendition ("<id>/700.webp"): which photo it is, and which width the browser chose. */
const photoName = (url: string) => new URL(url).pathname.split("/").slice(-2).join("/");

/** The gallery's image budgets: all images before scrolling ≤ 1.5 MB; each photo (thumbnail) ≤ 60 kB. No photo at all fails: nothing was measured. */
export function checkGalleryImages(measured: GalleryImages): BudgetCheck[] {
  const total = measured.images.reduce((sum, image) => sum + image.bytes, 0);
  const photos = measured.images.filter((image) => isPhoto(image.url));
  const largest = photos.reduce<{ url: string; bytes: number } | null>((max, image) => (!max || image.bytes > max.bytes ? image : max), null);
  return [
    {
      page: measured.path,
      budget: `images before scrolling ≤ ${formatKb(PHOTO_BUDGETS.imagesBeforeScrollBytes)}`,
      actual: `${formatKb(total)} (${measured.images.length} images)`,
      verdict: photos.length > 0 && total <= PHOTO_BUDGETS.imagesBeforeScrollBytes ? "PASS" : "FAIL",
    },
    {
      page: measured.path,
      budget: `each thumbnail ≤ ${formatKb(PHOTO_BUDGETS.thumbnailBytes)}`,
      actual: largest ? `largest ${formatKb(largest.bytes)} (${photoName(largest.url)}), ${photos.length} loaded` : "no photo loaded",
      verdict: largest !== null && largest.bytes <= PHOTO_BUDGETS.thumbnailBytes ? "PASS" : "FAIL",
    },
  ];
}

/** Lighthouse mobile on a page with real-size photos: performance ≥ 95 and LCP ≤ 2.5 s (a missing LCP fails). */
export function checkPhotoLighthouse(result: { path: string; performance: number; lcpMs: number | undefined }): BudgetCheck[] {
  return [
    {
      page: result.path,
      budget: `Lighthouse performance ≥ ${PHOTO_BUDGETS.lighthousePerformance}`,
      actual: String(result.performance),
      verdict: result.performance >= PHOTO_BUDGETS.lighthousePerformance ? "PASS" : "FAIL",
    },
    {
      page: result.path,
      budget: `LCP ≤ ${(PHOTO_BUDGETS.lcpMs / 1000).toFixed(1)} s`,
      actual: result.lcpMs === undefined ? "not measured" : `${(result.lcpMs / 1000).toFixed(2)} s`,
      verdict: result.lcpMs !== undefined && result.lcpMs <= PHOTO_BUDGETS.lcpMs ? "PASS" : "FAIL",
    },
  ];
}
