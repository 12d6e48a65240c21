import { gzipSize } from "./gzip-size";
import { fetchBody } from "./http";
import { measurePageScripts, type PageScripts } from "./page-scripts";
import type { Audience } from "./pages";
import type { Timing } from "./timing";

export interface PageSizes {
  path: string;
  /** Who the page was requested as (bench/pages.ts): its budgets depend on it. */
  audience: Audience;
  status: number;
  html: { bytes: number; gzipBytes: number };
  js: PageScripts;
  /** Things that make the figures doubtful (missing manifest, scripts that do not load, ...). */
  warnings: string[];
}

export interface PageResult extends PageSizes {
  timing: Timing;
}

/** The page's HTML (after a few untimed requests, with `headers`: the audience's session) and every JavaScript file it loads, gzipped. */
export async function measurePageSizes(
  baseUrl: string,
  page: { path: string; audience: Audience },
  warmup: number,
  headers?: Record<string, string>,
): Promise<PageSizes> {
  const { path, audience } = page;
  const url = new URL(path, baseUrl).href;
  for (let index = 0; index < Math.min(warmup, 3); index += 1) await fetchBody(url, headers);
  const { status, contentType, body } = await fetchBody(url, headers);
  const js = await measurePageScripts(new TextDecoder().decode(body), url);

  const warnings: string[] = [];
  if (status !== 200) warnings.push(`answered ${status}, not 200: its budgets are not checked`);
  if (!contentType.includes("text/html")) warnings.push(`content type is "${contentType}", not HTML`);
  if (status === 200 && !js.hasManifest) warnings.push("no /assets/manifest-*.js found: is the page still hydrated by Remix?");
  for (const script of js.scripts) if (script.status !== 200) warnings.push(`script ${script.url} answered ${script.status} (not counted)`);
  for (const script of js.otherOrigin) warnings.push(`script on another origin not counted: ${script}`);

  return { path, audience, status, html: { bytes: body.length, gzipBytes: gzipSize(body) }, js, warnings };
}

/** Adds the timings, with a warning if the timed requests did not all answer as the measured one did. */
export function withTiming(page: PageSizes, timing: Timing): PageResult {
  const otherStatuses = Object.keys(timing.statuses).filter((code) => Number(code) !== page.status);
  const warnings = [...page.warnings];
  if (otherStatuses.length > 0) warnings.push(`timed requests also answered ${otherStatuses.join(", ")}`);
  return { ...page, warnings, timing };
}
