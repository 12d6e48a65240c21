import type { AppEnv } from "../http/env.server";
import { createCockpitClient } from "./cockpit/client.server";
import { createCockpitStore } from "./cockpit/index.server";
import { createD1Store } from "./d1/index.server";
import type { Store } from "./port";

export type { Store } from "./port";

/**
 * The store for this request: Cockpit when CMS_API_URL is set (the env check makes
 * CMS_API_TOKEN required with it), else D1, the embedded default.
 */
export function createStore(env: AppEnv): Store {
  if (env.CMS_API_URL) {
    const client = createCockpitClient({ baseUrl: env.CMS_API_URL, token: env.CMS_API_TOKEN ?? "" });
    // Cockpit serves its uploads next to its API: /api is where its index.php answers (ADR 47).
    const cmsSite = env.CMS_API_URL.replace(/\/api\/?$/, "");
    return createCockpitStore(client, env.DB, { assetsBase: env.CMS_ASSETS_URL, media: env.MEDIA, cmsSite });
  }
  return createD1Store(env.DB, env.MEDIA);
}
