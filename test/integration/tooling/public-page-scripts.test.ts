import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../scripts/lib";
import { ROUTES } from "../../support/route-list";

/**
 * Public pages' JavaScript must not grow (docs/requirements.md §11.9): forms are parsed by the
 * routes' actions, so no public page downloads zod (docs/decisions/0010, 0028). A page that
 * imports a schema module for its words (a message) pulls the whole of zod with it: /login/code
 * once did, 26 kB gzipped. Read from the build the run made (the client's route manifest).
 */

interface ManifestRoute {
  module: string;
  imports?: string[];
}

const ASSETS = path.join(ROOT, "build", "client", "assets");

function manifest(): { entry: ManifestRoute; routes: Record<string, ManifestRoute> } {
  const file = readdirSync(ASSETS).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No client build: the integration run builds first");
  return JSON.parse(
    readFileSync(path.join(ASSETS, file), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;\s*$/, ""),
  );
}

/** The route id app/routes.ts gives a feature route's file. */
const idOf = (file: string) => file.replace(/^features\/([^/]+)\/routes\/(.+)\.tsx?$/, "$1/$2");

/** zod's own classes name themselves in its code, whatever the minifier does. */
const carriesZod = (asset: string) => readFileSync(path.join(ROOT, "build", "client", asset), "utf8").includes("$ZodObject");

describe("public pages' scripts", () => {
  const { entry, routes } = manifest();
  const publicPages = Object.entries(ROUTES).filter(([, route]) => route.access === "public" && route.html);

  it("the route list's public pages are all in the build", () => {
    expect(publicPages.length).toBeGreaterThan(10);
    for (const [file] of publicPages) expect(routes[idOf(file)], file).toBeDefined();
  });

  it("no public page downloads zod", () => {
    const shared = [entry.module, ...(entry.imports ?? []), routes.root!.module, ...(routes.root!.imports ?? [])];
    for (const [file] of publicPages) {
      const route = routes[idOf(file)]!;
      const withZod = [...shared, route.module, ...(route.imports ?? [])].filter(carriesZod);
      expect(withZod, `${file} (${route.module})`).toEqual([]);
    }
  });
});
