import { z } from "zod";

/**
 * The Worker's configuration, checked once per isolate. Everything secret comes
 * from here (wrangler secrets in production, .dev.vars locally), never from code.
 */

// Fixed secrets are a convenience for a newcomer's machine only; production refuses them.
const DEV_SESSION_SECRET = "dev-only-session-secret-not-for-production-0001";
const DEV_LINK_SIGNING_SECRET = "dev-only-link-signing-secret-not-for-production";

const optionalText = z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), z.string().trim().optional());
const optionalUrl = z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), z.url().optional());

const d1Binding = z.custom<D1Database>((value) => typeof value === "object" && value !== null && "prepare" in value && "batch" in value, {
  message: "a D1 database binding named DB is required (see wrangler.toml)",
});

// Optional in the schema so that unit tests' stand-in environments need no bucket; production refuses to start without it.
const r2Binding = z.custom<R2Bucket>((value) => typeof value === "object" && value !== null && "put" in value && "get" in value && "delete" in value, {
  message: "MEDIA must be an R2 bucket binding (see wrangler.toml)",
});

const rawEnvSchema = z.object({
  DB: d1Binding,
  /** Uploaded files, photos and the members' documents (ADR 40). */
  MEDIA: r2Binding.optional(),
  /** Cloudflare Images: makes photos' renditions at upload (ADR 40); without it photo uploads are refused (503). */
  IMAGES: z.custom<ImagesBinding>((value) => typeof value === "object" && value !== null && "input" in value && "info" in value).optional(),
  ENVIRONMENT: z.enum(["development", "production"]).default("production"),
  SESSION_SECRET: optionalText,
  LINK_SIGNING_SECRET: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalUrl,
  RESEND_API_KEY: optionalText,
  /** Another Resend-compatible API base (the test suite's fake Resend); unset: Resend itself. */
  RESEND_API_URL: optionalUrl,
  MAIL_FROM: optionalText,
  /** Resend's webhook signing secret (`whsec_…`, docs/deploy.md); unset: /webhooks/resend refuses every delivery. */
  RESEND_WEBHOOK_SECRET: optionalText,
  CMS_API_URL: optionalUrl,
  CMS_API_TOKEN: optionalText,
  CMS_ASSETS_URL: optionalUrl,
  /** The key of the legacy "keyed hash" of Cockpit passwords (HMAC-SHA256); unset: legacy hashes never match. */
  LEGACY_PASSWORD_KEY: optionalText,
  /** The site's address (https://…), for links in e-mails the daily scheduled run sends (ADR 0050); unset: no automatic reminders. */
  SITE_URL: optionalUrl,
});

const envSchema = rawEnvSchema
  .superRefine((env, ctx) => {
    if (env.CMS_API_URL && !env.CMS_API_TOKEN) {
      ctx.addIssue({ code: "custom", path: ["CMS_API_TOKEN"], message: "CMS_API_TOKEN is required when CMS_API_URL is set" });
    }
    if (env.ENVIRONMENT !== "production") return;
    if (!env.MEDIA) {
      ctx.addIssue({
        code: "custom",
        path: ["MEDIA"],
        message: "an R2 bucket binding named MEDIA is required in production (see wrangler.toml and docs/deploy.md)",
      });
    }
    for (const [key, devValue] of [
      ["SESSION_SECRET", DEV_SESSION_SECRET],
      ["LINK_SIGNING_SECRET", DEV_LINK_SIGNING_SECRET],
    ] as const) {
      const value = env[key];
      if (!value || value.length < 32 || value === devValue) {
        ctx.addIssue({ code: "custom", path: [key], message: `${key} must be set to at least 32 random characters in production` });
      }
    }
    // The outbox is readable only at /dev/mail, which production refuses: without Resend,
    // contact messages and reset links would vanish unseen. Fail closed (ADR 4).
    if (!env.RESEND_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["RESEND_API_KEY"], message: "RESEND_API_KEY must be set in production (e-mail is sent through Resend)" });
    }
    if (!env.MAIL_FROM) {
      ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "MAIL_FROM must be set in production (a sender on a domain verified in Resend)" });
    }
  })
  .transform((env) => {
    const isProduction = env.ENVIRONMENT === "production";
    return {
      ...env,
      isProduction,
      SESSION_SECRET: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
      LINK_SIGNING_SECRET: env.LINK_SIGNING_SECRET ?? DEV_LINK_SIGNING_SECRET,
      MAIL_FROM: env.MAIL_FROM ?? "MMA <no-reply@example.org>",
    };
  });

export type AppEnv = z.output<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

const parsed = new WeakMap<object, AppEnv>();

/** Parses the Worker env (cached per env object, which lives as long as the isolate). */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const cached = parsed.get(raw);
  if (cached) return cached;
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n- ${problems.join("\n- ")}`);
  }
  parsed.set(raw, result.data);
  return result.data;
}
