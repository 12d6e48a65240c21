import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/kernel/auth/auth.server";
import { collectMyData, myDataHtmlDownload } from "~/features/data-rights/data-rights.server";

/**
 * GET /account/data.html: "Download my data" as a page to keep or print (docs/requirements.md §8.2), for
 * the signed-in member only, as the JSON file: the id comes from the session, never from the URL.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireUser(request, context);
  return myDataHtmlDownload(await collectMyData(context.store, member));
}
