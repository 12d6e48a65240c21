import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { collectMyData, myDataDownload } from "~/features/data-rights/data-rights.server";
import { notFound } from "~/kernel/http/answers.server";

/** GET /accounts/members/:id/data.json: the same file as "Download my data", produced by an accountant for any member (docs/requirements.md §8.2). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const member = await context.store.members.getById(String(params.id));
  if (!member) throw notFound();
  return myDataDownload(await collectMyData(context.store, member));
}
