import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { prepareContent } from "./prepared-content.server";

/**
 * The site settings as the store holds them now, for every payment, booking and admission:
 * fees, prices, booking dates and the door's event. Never the visitors' cached content
 * (`context.content`, fresh for a minute and kept for a day while the CMS is down), so a
 * price changed in the CMS applies to the very next payment, and the payment page, the
 * payment-link e-mail and the checkout state the amount the store holds. Prepared like the
 * cached copy (rich text sanitized, media resolved), so either can be rendered.
 */
export function readSettingsFresh(context: AppLoadContext): Promise<SiteSettings> {
  return prepareContent(context.store.content, context.env.CMS_ASSETS_URL).getSiteSettings();
}
