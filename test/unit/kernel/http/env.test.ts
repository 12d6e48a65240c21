import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/kernel/http/env.server";

const fakeDb = () => ({ prepare() {}, batch() {} });
const fakeBucket = () => ({ put() {}, get() {}, delete() {} });
const strong = "x".repeat(40);

describe("parseEnv", () => {
  it("gives local development fixed secrets and the outbox defaults", () => {
    const env = parseEnv({ DB: fakeDb(), ENVIRONMENT: "development" });
    expect(env.isProduction).toBe(false);
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(env.LINK_SIGNING_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.MAIL_FROM).toContain("@");
  });

  it("treats a missing ENVIRONMENT as production and then refuses missing secrets", () => {
    expect(() => parseEnv({ DB: fakeDb() })).toThrow(EnvError);
    expect(() => parseEnv({ DB: fakeDb() })).toThrow(/SESSION_SECRET/);
  });

  it("refuses short secrets in production", () => {
    expect(() => parseEnv({ DB: fakeDb(), ENVIRONMENT: "production", SESSION_SECRET: "short", LINK_SIGNING_SECRET: strong })).toThrow(
      /SESSION_SECRET must be set/,
    );
  });

  it("accepts a complete production configuration and reads blank values as unset", () => {
    const env = parseEnv({
      DB: fakeDb(),
      MEDIA: fakeBucket(),
      ENVIRONMENT: "production",
      SESSION_SECRET: strong,
      LINK_SIGNING_SECRET: strong,
      RESEND_API_KEY: "re_test_key",
      MAIL_FROM: "MMA <no-reply@mosaic.example>",
      STRIPE_SECRET_KEY: "  ",
      STRIPE_API_URL: "",
    });
    expect(env.isProduction).toBe(true);
    expect(env.SESSION_SECRET).toBe(strong);
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.STRIPE_API_URL).toBeUndefined();
    expect(env.RESEND_API_KEY).toBe("re_test_key");
    expect(env.MAIL_FROM).toBe("MMA <no-reply@mosaic.example>");
  });

  it("refuses production without Resend and a sender, so e-mail never vanishes into the outbox", () => {
    const secrets = { DB: fakeDb(), ENVIRONMENT: "production", SESSION_SECRET: strong, LINK_SIGNING_SECRET: strong };
    expect(() => parseEnv({ ...secrets, MAIL_FROM: "MMA <no-reply@mosaic.example>" })).toThrow(/RESEND_API_KEY must be set in production/);
    expect(() => parseEnv({ ...secrets, RESEND_API_KEY: " ", MAIL_FROM: "MMA <no-reply@mosaic.example>" })).toThrow(/RESEND_API_KEY/);
    expect(() => parseEnv({ ...secrets, RESEND_API_KEY: "re_test_key" })).toThrow(/MAIL_FROM must be set in production/);
    // Local machines keep the outbox and the default sender.
    expect(parseEnv({ DB: fakeDb(), ENVIRONMENT: "development" }).RESEND_API_KEY).toBeUndefined();
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ DB: fakeDb(), ENVIRONMENT: "development", STRIPE_API_URL: "not a url" })).toThrow(/STRIPE_API_URL/);
    expect(() => parseEnv({ ENVIRONMENT: "development" })).toThrow(/DB/);
    expect(() => parseEnv({ DB: fakeDb(), ENVIRONMENT: "staging" })).toThrow(/ENVIRONMENT/);
  });

  it("requires the media bucket in production only", () => {
    const production = {
      DB: fakeDb(),
      ENVIRONMENT: "production",
      SESSION_SECRET: strong,
      LINK_SIGNING_SECRET: strong,
      RESEND_API_KEY: "re_test_key",
      MAIL_FROM: "MMA <no-reply@mosaic.example>",
    };
    expect(() => parseEnv(production)).toThrow(/an R2 bucket binding named MEDIA is required in production/);
    expect(() => parseEnv({ ...production, MEDIA: "a bucket" })).toThrow(/MEDIA must be an R2 bucket binding/);
    expect(parseEnv({ ...production, MEDIA: fakeBucket() }).MEDIA).toBeDefined();
    expect(parseEnv({ DB: fakeDb(), ENVIRONMENT: "development" }).MEDIA).toBeUndefined();
  });

  it("requires the Cockpit token with the Cockpit URL in production", () => {
    expect(() => parseEnv({ DB: fakeDb(), SESSION_SECRET: strong, LINK_SIGNING_SECRET: strong, CMS_API_URL: "https://cms.example/api" })).toThrow(
      /CMS_API_TOKEN/,
    );
  });
});
