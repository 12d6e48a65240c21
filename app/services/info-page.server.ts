import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PageKey } from "../domain/records";

/** About Us and School read the same way; a missing record shows Under Construction. */
export async function loadInfoPage(context: AppLoadContext, key: PageKey) {
  return { page: await context.content.getPage(key) };
}
