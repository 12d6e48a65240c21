import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/kernel/auth/auth.server";
import { collectMyData, myDataDownload } from "~/features/data-rights/data-rights.server";

/**
 * GET /account/data.json: "Download my data" (docs/requirements.md §8.2, ADR 0056) for the signed-in
 * member only: the id comes from the session, never from the URL. A resource route.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireUser(request, context);
  return myDataDownload(await collectMyData(context.store, member));
}
