import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COCKPIT_E2E, COCKPIT_ONLY_E2E, STORE_SPECIFIC_CODE } from "../../support/cockpit-e2e";

/**
 * The rule for the Cockpit browser run (ADR 57, test/support/cockpit-e2e.ts): code outside
 * the two store adapters that differs per store is listed, with the browser tests that take
 * it on Cockpit. Code "differs per store" when it imports the Cockpit adapter's modules,
 * asks which store it has, or reads the Cockpit's address.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const ADAPTERS = /^app\/kernel\/store\/(d1|cockpit)\//;
const STORE_SPECIFIC = [/from "[^"]*store\/cockpit\//, /\bstore\.kind\b/, /\bCMS_API_URL\b/];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The code of a file without its comments, so a comment that names the Cockpit is not a branch. */
const codeOf = (file: string) =>
  readFileSync(path.join(ROOT, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");

describe("the Cockpit browser run's rule", () => {
  const found = sourceFiles("app").filter((file) => !ADAPTERS.test(file) && STORE_SPECIFIC.some((pattern) => pattern.test(codeOf(file))));

  it("finds the store-specific code it is about (the check itself works)", () => {
    expect(found).toContain("app/kernel/media/photo-store.server.ts");
    expect(found).toContain("app/kernel/store/index.server.ts");
  });

  it("lists every file outside the adapters whose code differs per store", () => {
    expect(found.filter((file) => !(file in STORE_SPECIFIC_CODE))).toEqual([]);
  });

  it("lists only files that exist, each with a reason", () => {
    for (const [file, entry] of Object.entries(STORE_SPECIFIC_CODE)) {
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
      expect(entry.why.length, `why ${file} is listed`).toBeGreaterThan(20);
    }
  });

  it("runs browser test files that exist, the Cockpit-only ones among them", () => {
    for (const file of COCKPIT_E2E) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    for (const file of COCKPIT_ONLY_E2E) expect(COCKPIT_E2E).toContain(file);
  });
});
