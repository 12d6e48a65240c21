import { buildCockpitDemo } from "../seed/cockpit-demo";
import { startFakeCockpit, type FakeCockpit } from "../test/support/fake-cockpit";
import { seededServer } from "./seeded-server";

/**
 * Cockpit requests per public page view (docs/requirements.md §11.9: at most one Cockpit
 * request per content set per cache period): the built worker with CMS_API_URL pointing at
 * the fake Cockpit holding the demo. Each page gets a server of its own, so its first view
 * is truly cold (nothing cached by an earlier page); then a second view (the visitors' page
 * cache) and a render with a unique query string (page cache bypassed: the content cache
 * alone). Budget: cold ≤ 1 request per content set (a page may need several sets: home
 * reads the slides, the event, the news and the site settings), warm 0.
 */

export const COCKPIT_BUDGETS = { coldPerSet: 1, warm: 0 } as const;

export interface CockpitPageResult {
  path: string;
  status: { cold: number; warm: number; render: number };
  /** Cockpit requests during the first view, per content set (collection or singleton). */
  cold: Record<string, number>;
  coldTotal: number;
  coldMaxPerSet: number;
  /** Second view (served by the visitors' page cache). */
  warm: number;
  /** A fresh render of the page (unique query string), with the content cache warm. */
  warmRender: number;
  verdict: "PASS" | "FAIL";
}

/** The content set a Cockpit request reads: "collections/get/news" → "news". */
export function contentSet(requestPath: string): string {
  const path = requestPath.split("?")[0]!.replace(/^.*\/api\//, "");
  const [, , name] = path.split("/");
  return name ? decodeURIComponent(name) : path;
}

export function countBySet(paths: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const path of paths) counts[contentSet(path)] = (counts[contentSet(path)] ?? 0) + 1;
  return counts;
}

/** Waits until the worker's background work (cache writes, refreshes) has had its chance to reach Cockpit. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function view(fake: FakeCockpit, url: string): Promise<{ status: number; paths: string[] }> {
  const from = fake.requests.length;
  const response = await fetch(url, { headers: { "User-Agent": "mma-bench" } });
  await response.arrayBuffer();
  await settle();
  return { status: response.status, paths: fake.requests.slice(from).map((request) => request.path) };
}

export async function benchCockpit(
  pages: string[],
  options: { log?: (text: string) => void; print: (line: string) => void; onServer?: (server: ReturnType<typeof seededServer> | undefined) => void },
): Promise<CockpitPageResult[]> {
  const demo = await buildCockpitDemo();
  const results: CockpitPageResult[] = [];
  for (const page of pages) {
    const fake = await startFakeCockpit({ collections: demo.collections, singletons: demo.singletons });
    const server = seededServer({ log: options.log, vars: { CMS_API_URL: fake.url, CMS_API_TOKEN: fake.token } });
    options.onServer?.(server);
    try {
      const base = await server.start();
      const cold = await view(fake, new URL(page, base).href);
      const warm = await view(fake, new URL(page, base).href);
      const separator = page.includes("?") ? "&" : "?";
      const render = await view(fake, new URL(`${page}${separator}bench=${Date.now()}`, base).href);
      const counts = countBySet(cold.paths);
      const coldMaxPerSet = Math.max(0, ...Object.values(counts));
      const ok =
        [cold.status, warm.status, render.status].every((status) => status === 200) &&
        coldMaxPerSet <= COCKPIT_BUDGETS.coldPerSet &&
        warm.paths.length <= COCKPIT_BUDGETS.warm &&
        render.paths.length <= COCKPIT_BUDGETS.warm;
      const result: CockpitPageResult = {
        path: page,
        status: { cold: cold.status, warm: warm.status, render: render.status },
        cold: counts,
        coldTotal: cold.paths.length,
        coldMaxPerSet,
        warm: warm.paths.length,
        warmRender: render.paths.length,
        verdict: ok ? "PASS" : "FAIL",
      };
      results.push(result);
      options.print(cockpitLine(result));
    } finally {
      await server.stop();
      options.onServer?.(undefined);
      await fake.stop();
    }
  }
  return results;
}

export function cockpitLine(result: CockpitPageResult): string {
  const sets = Object.entries(result.cold)
    .map(([name, count]) => `${name} ${count}`)
    .join(", ");
  const statuses = [...new Set(Object.values(result.status))];
  return (
    `  ${result.path}: Cockpit requests per view: cold ${result.coldTotal} (${sets || "none"}; at most ${result.coldMaxPerSet} per content set), ` +
    `warm ${result.warm} (warm render ${result.warmRender}). Budget ≤ ${COCKPIT_BUDGETS.coldPerSet} per set cold, ${COCKPIT_BUDGETS.warm} warm: ${result.verdict}` +
    (statuses.length === 1 && statuses[0] === 200 ? "" : ` (statuses ${result.status.cold}/${result.status.warm}/${result.status.render})`)
  );
}
