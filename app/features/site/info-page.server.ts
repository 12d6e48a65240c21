import type { AppLoadContext } from "@remix-run/cloudflare";
import { shownImage } from "~/kernel/media/photo-renditions";
import type { PageKey } from "~/kernel/store/records";

/** About Us and School read the same way; a missing record shows Under Construction. */
export async function loadInfoPage(context: AppLoadContext, key: PageKey) {
  const page = await context.content.getPage(key);
  return { page: page && { ...page, image: shownImage(page.image) } };
}
