/** The bindings and variables wrangler.toml and .dev.vars give the Worker (checked by app/services/env.server.ts). */
interface WorkerBindings {
  DB: D1Database;
  ENVIRONMENT?: string;
  SESSION_SECRET?: string;
  LINK_SIGNING_SECRET?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_URL?: string;
  RESEND_API_KEY?: string;
  MAIL_FROM?: string;
  CMS_API_URL?: string;
  CMS_API_TOKEN?: string;
  CMS_ASSETS_URL?: string;
}
