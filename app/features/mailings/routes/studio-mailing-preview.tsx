import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireEditor } from "~/kernel/auth/auth.server";
import { notFound } from "~/kernel/http/answers.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { firstNameOf, renderMailingCopy, unsubscribeUrl } from "../index.server";

/**
 * /studio/mailings/:id/preview (docs/requirements.md §13): the saved mailing's copy as the sending
 * template draws it, for the signed-in sender (their first name, their own unsubscribe link),
 * for the preview frames of the mailing's studio screen. Only this site may frame it
 * (app/kernel/http/security-policy.ts). Editors and accountants.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireEditor(request, context);
  const mailing = await context.store.mailings.get(params.id ?? "");
  if (!mailing) throw notFound();
  const siteUrl = new URL(request.url).origin;
  const copy = await renderMailingCopy(
    mailing,
    { memberId: user.id, firstName: firstNameOf(user.fullName) },
    { siteUrl, unsubscribeUrl: await unsubscribeUrl(context, siteUrl, { memberId: user.id, kind: mailing.kind, mailingId: mailing.id }) },
  );
  return new Response(copy.html, { headers: { ...privateHeaders(), "Content-Type": "text/html; charset=utf-8" } });
}
