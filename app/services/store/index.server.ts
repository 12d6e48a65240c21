import { EnvError, type AppEnv } from "../env.server";
import { createD1Store } from "./d1/index.server";
import type { Store } from "./port";

export type { Store } from "./port";

/**
 * The store for this request. D1 is the embedded default; the Cockpit adapter
 * (selected by CMS_API_URL) plugs in here.
 */
export function createStore(env: AppEnv): Store {
  if (env.CMS_API_URL) {
    throw new EnvError("CMS_API_URL is set, but this build has no Cockpit adapter yet: unset it to use D1.");
  }
  return createD1Store(env.DB);
}
