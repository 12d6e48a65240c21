import { gzipSize } from "./gzip-size";
import { fetchBody } from "./http";

/**
 * Finds every JavaScript file a page loads on its first visit and measures it.
 *
 * From the HTML: `<script src>`, `<link rel="modulepreload" href>`, and the imports
 * of inline `<script type="module">` (Remix's hydration script does
 * `import * as route0 from "/assets/root-….js"` and `import("/assets/entry.client-….js")`,
 * both of which run at once); the manifest file is listed but not counted (see `manifest-url`). Then the
 * static imports inside those chunks (`import{…}from"./x.js"`, `import"./x.js"`),
 * followed transitively. Dynamic `import("./x.js")` inside chunks only runs on
 * later navigation, so it is listed but not counted.
 */

/**
 * `manifest-url`: the `/assets/manifest-*.js` named only in the inline `window.__remixManifest`
 * (its `url`). With `v3_lazyRouteDiscovery` Remix inlines a partial manifest and the browser
 * does not load that file on the first visit (checked in Chromium), so it is listed, not counted.
 */
export type ScriptSource = "script-src" | "modulepreload" | "inline-import" | "manifest-url" | "chunk-import";

export interface PageScript {
  url: string;
  /** How it was first found. */
  source: ScriptSource;
  status: number;
  bytes: number;
  gzipBytes: number;
}

export interface PageScripts {
  scripts: PageScript[];
  /** Sum over the scripts that answered 200 (a 404 body is an HTML error page, not JavaScript). */
  gzipBytes: number;
  /** Scripts that did not answer 200: the page is broken, or build/ changed under the server. */
  missing: string[];
  /** Found as dynamic imports inside chunks: loaded on later navigation, not counted. */
  dynamicNotCounted: string[];
  /** Scripts on another origin, not fetched (and not counted). */
  otherOrigin: string[];
  /** Whether a `/assets/manifest-*.js` was among the scripts. */
  hasManifest: boolean;
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i").exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Module specifiers of `import … from "x"`, `import "x"` and `import("x")` in an inline module script. */
function inlineImports(code: string): string[] {
  const specifiers: string[] = [];
  for (const match of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?\(?\s*["']([^"']+)["']/g)) specifiers.push(match[1]!);
  return specifiers;
}

/** The JavaScript URLs the HTML itself points at, in order, with how each was found. */
export function scriptsInHtml(html: string): { specifier: string; source: ScriptSource }[] {
  const found: { specifier: string; source: ScriptSource }[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1]!;
    const src = attribute(attributes, "src");
    if (src) found.push({ specifier: src, source: "script-src" });
    else if (attribute(attributes, "type")?.toLowerCase() === "module") {
      for (const specifier of inlineImports(match[2]!)) found.push({ specifier, source: "inline-import" });
    }
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const rel = attribute(match[1]!, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(match[1]!, "href");
    if (href && rel.includes("modulepreload")) found.push({ specifier: href, source: "modulepreload" });
  }
  // Without lazy route discovery the manifest is imported (found above); with it, only named: list it.
  for (const match of html.matchAll(/["'](\/assets\/manifest-[\w.-]+\.js)["']/g)) found.push({ specifier: match[1]!, source: "manifest-url" });
  return found;
}

/** Static imports of a minified chunk (`from"./x.js"`, `import"./x.js"`, also `export*from"./x.js"`). */
export function staticImportsInChunk(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.m?js)["']/g)].map((match) => match[1]!);
}

export function dynamicImportsInChunk(code: string): string[] {
  return [...code.matchAll(/\bimport\s*\(\s*["']([^"']+\.m?js)["']\s*\)/g)].map((match) => match[1]!);
}

export async function measurePageScripts(html: string, pageUrl: string): Promise<PageScripts> {
  const origin = new URL(pageUrl).origin;
  const seen = new Set<string>();
  const otherOrigin = new Set<string>();
  const dynamic = new Set<string>();
  const scripts: PageScript[] = [];
  const queue: { url: string; source: ScriptSource }[] = [];

  const enqueue = (specifier: string, base: string, source: ScriptSource) => {
    const url = new URL(specifier, base);
    url.hash = "";
    if (url.origin !== origin) otherOrigin.add(url.href);
    else if (!seen.has(url.href)) {
      seen.add(url.href);
      queue.push({ url: url.href, source });
    }
  };

  for (const { specifier, source } of scriptsInHtml(html)) enqueue(specifier, pageUrl, source);
  while (queue.length > 0) {
    const { url, source } = queue.shift()!;
    const { status, body } = await fetchBody(url);
    scripts.push({ url: url.slice(origin.length), source, status, bytes: body.length, gzipBytes: gzipSize(body) });
    if (status !== 200) continue;
    const code = new TextDecoder().decode(body);
    for (const specifier of staticImportsInChunk(code)) enqueue(specifier, url, "chunk-import");
    for (const specifier of dynamicImportsInChunk(code)) {
      const resolved = new URL(specifier, url).href;
      if (!seen.has(resolved)) dynamic.add(resolved.startsWith(origin) ? resolved.slice(origin.length) : resolved);
    }
  }
  // A chunk both imported dynamically somewhere and statically elsewhere is counted, so not "not counted".
  for (const script of scripts) dynamic.delete(script.url);

  return {
    scripts,
    gzipBytes: scripts.filter((script) => script.status === 200 && script.source !== "manifest-url").reduce((sum, script) => sum + script.gzipBytes, 0),
    missing: scripts.filter((script) => script.status !== 200).map((script) => script.url),
    dynamicNotCounted: [...dynamic].sort(),
    otherOrigin: [...otherOrigin],
    hasManifest: scripts.some((script) => /\/assets\/manifest-[\w.-]+\.js$/.test(script.url)),
  };
}
