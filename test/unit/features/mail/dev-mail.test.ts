import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { loader as listLoader } from "~/features/mail/routes/dev-outbox";
import { loader as emailLoader } from "~/features/mail/routes/dev-outbox-email";

/** A production context whose store must never be reached. */
const production = {
  env: { isProduction: true },
  get store(): never {
    throw new Error("the outbox was read in production");
  },
} as unknown as AppLoadContext;

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
  return 200;
}

describe("/dev/mail in production", () => {
  it("answers 404 for the list and for one e-mail, without reading the outbox", async () => {
    const request = new Request("https://mosaic.example/dev/mail");
    expect(await statusOf(() => listLoader({ request, context: production, params: {} }))).toBe(404);
    expect(await statusOf(() => emailLoader({ request, context: production, params: { id: "x".repeat(24) } }))).toBe(404);
  });
});
