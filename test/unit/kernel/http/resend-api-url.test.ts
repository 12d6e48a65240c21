import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/kernel/http/env.server";

const DB = { prepare() {}, batch() {} };

describe("RESEND_API_URL", () => {
  it("is optional, must be a URL when set, and an empty value counts as unset", () => {
    expect(parseEnv({ DB, ENVIRONMENT: "development" }).RESEND_API_URL).toBeUndefined();
    expect(parseEnv({ DB, ENVIRONMENT: "development", RESEND_API_URL: "  " }).RESEND_API_URL).toBeUndefined();
    expect(parseEnv({ DB, ENVIRONMENT: "development", RESEND_API_URL: "http://127.0.0.1:4010" }).RESEND_API_URL).toBe("http://127.0.0.1:4010");
    expect(() => parseEnv({ DB, ENVIRONMENT: "development", RESEND_API_URL: "not a url" })).toThrow(EnvError);
    expect(() => parseEnv({ DB, ENVIRONMENT: "development", RESEND_API_URL: "not a url" })).toThrow(/RESEND_API_URL/);
  });
});
