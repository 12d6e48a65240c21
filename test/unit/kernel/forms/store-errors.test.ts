import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { STORE_UNAVAILABLE_MESSAGE } from "~/kernel/forms/store-errors";
import { defaultStoreErrorAnswer, keptFormValues, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { StoreUnavailableError } from "~/kernel/store/errors";
import { contentSet, countBySet } from "../../../../bench/cockpit";
import { parseOptions } from "../../../../bench/options";

const formRequest = (fields: Array<[string, string]>) => new Request("https://example.org/signup", { method: "POST", body: new URLSearchParams(fields) });
const args = (request: Request) => ({ request, context: {} as AppLoadContext, params: {} }) as ActionFunctionArgs;

/** What a Remix `data()` answer holds. */
const unwrap = (answer: unknown) => answer as { type: string; data: Record<string, unknown>; init: { status: number; headers: Record<string, string> } };

describe("storeSafeAction", () => {
  it("answers a store outage with 503, one message and the form's values without passwords, after the action read the body", async () => {
    const action = storeSafeAction(async ({ request }: ActionFunctionArgs) => {
      await request.formData();
      throw new StoreUnavailableError("Cockpit could not be reached for collections/save");
    }, defaultStoreErrorAnswer);
    const answer = unwrap(
      await action(
        args(
          formRequest([
            ["fullName", "Ada"],
            ["password", "secret"],
            ["confirm_password", "secret"],
            ["agreeTerms", "on"],
            ["fullName", "second"],
          ]),
        ),
      ),
    );
    expect(answer.init.status).toBe(503);
    expect(answer.init.headers["Retry-After"]).toBe("60");
    expect(answer.init.headers["Cache-Control"]).toBe("private, no-store");
    expect(answer.data).toEqual({ errors: {}, values: { fullName: "Ada", agreeTerms: "on" }, formError: STORE_UNAVAILABLE_MESSAGE });
  });

  it("passes the action's own answers through, and never swallows other errors or thrown responses", async () => {
    const ok = storeSafeAction(async () => "fine", defaultStoreErrorAnswer);
    expect(await ok(args(formRequest([])))).toBe("fine");
    const broken = storeSafeAction(async () => {
      throw new TypeError("a bug");
    }, defaultStoreErrorAnswer);
    await expect(broken(args(formRequest([])))).rejects.toThrow("a bug");
    const redirecting = storeSafeAction(async () => {
      throw new Response(null, { status: 302, headers: { Location: "/login" } });
    }, defaultStoreErrorAnswer);
    await expect(redirecting(args(formRequest([])))).rejects.toBeInstanceOf(Response);
  });

  it("gives an answer that needs more than the form the action's arguments, and waits for it", async () => {
    const action = storeSafeAction(
      async () => {
        throw new StoreUnavailableError("Cockpit did not answer");
      },
      async (form: FormData, message: string, { request }: ActionFunctionArgs) => ({ path: new URL(request.url).pathname, party: form.get("adults"), message }),
    );
    const answer = unwrap(await action(args(formRequest([["adults", "2"]]))));
    expect(answer.init.status).toBe(503);
    expect(answer.data).toEqual({ path: "/signup", party: "2", message: STORE_UNAVAILABLE_MESSAGE });
  });

  it("keeps text values only, the first of each name", () => {
    const form = new FormData();
    form.append("email", "a@example.org");
    form.append("newPassword", "x");
    form.append("file", new Blob(["x"]), "x.txt");
    form.append("email", "b@example.org");
    expect(keptFormValues(form)).toEqual({ email: "a@example.org" });
  });
});

describe("the bench's Cockpit part", () => {
  it("counts requests per content set", () => {
    expect(contentSet("/api/collections/get/news")).toBe("news");
    expect(contentSet("/api/singletons/get/general?x=1")).toBe("general");
    expect(countBySet(["/api/collections/get/news", "/api/singletons/get/general", "/api/collections/get/news"])).toEqual({ news: 2, general: 1 });
  });

  it("runs by default, and alone or not at all on request", () => {
    expect(parseOptions([])!.cockpit).toBe(true);
    expect(parseOptions(["--no-cockpit"])!.cockpit).toBe(false);
    expect(parseOptions(["--only-admin"])).toMatchObject({ public: false, cockpit: false, admin: true });
    expect(parseOptions(["--only-cockpit"])).toMatchObject({ public: false, cockpit: true, admin: false });
    expect(() => parseOptions(["--only-cockpit", "--no-cockpit"])).toThrow(/nothing to run/);
  });
});
