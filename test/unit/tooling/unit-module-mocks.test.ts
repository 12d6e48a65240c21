import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UNIT_WITH_MODULE_MOCKS } from "../../support/unit-module-mocks";

/** The unit files share one worker's modules, so one that replaces a module must be listed to run apart (ADR 57). */
const UNIT = path.resolve(import.meta.dirname, "..");
const REPLACES_A_MODULE = /\bvi\.(mock|doMock)\(/;

describe("unit files that replace a module", () => {
  const files = readdirSync(UNIT, { recursive: true, encoding: "utf8" }).filter((file) => /\.test\.tsx?$/.test(file));
  const mocking = files.filter((file) => REPLACES_A_MODULE.test(readFileSync(path.join(UNIT, file), "utf8"))).map((file) => `test/unit/${file}`);

  it("are found (the check itself works)", () => {
    expect(mocking.length).toBeGreaterThan(0);
  });

  it("are exactly the ones that run apart", () => {
    expect(mocking.sort()).toEqual([...UNIT_WITH_MODULE_MOCKS].sort());
  });
});
