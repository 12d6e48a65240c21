import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { collectMyData, myDataHtmlDownload } from "~/features/data-rights/data-rights.server";
import { notFound } from "~/kernel/http/answers.server";

/** GET /accounts/members/:id/data.html: the member's data as a page to keep or print, made by an accountant (docs/requirements.md §8.2). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const member = await context.store.members.getById(String(params.id));
  if (!member) throw notFound();
  return myDataHtmlDownload(await collectMyData(context.store, member));
}
