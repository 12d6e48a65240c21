import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { photoBatchSchema, type PhotoAnswer } from "~/features/studio/photo-batch-upload";
import { STORE_UNAVAILABLE_MESSAGE } from "~/kernel/forms/store-errors";
import { recordActivity } from "~/kernel/activity/activity.server";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { contentChanged } from "~/kernel/store/content/content-changed.server";
import { addOnePhoto, finishedToast } from "~/features/studio/gallery-photo-batch.server";
import { isStoreUnavailable } from "~/kernel/forms/store-errors.server";
import { storeUnavailableHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";

/**
 * /studio/galleries/:id/photos: the gallery upload with JavaScript (ADR 40). The page's
 * PhotoBatchUpload posts each chosen photo here on its own ("photo": answered in JSON, so the
 * page shows each photo's state), then once "finished" (answered with the gallery's page and
 * its toast). The request guard's 40 MB upload allowance and the photo checks are the same as
 * the one-form upload's; without JavaScript that form posts to the gallery's own page instead.
 */

const answer = (body: PhotoAnswer | { ok: false; message: string }, status = 200, headers: HeadersInit = privateHeaders()) =>
  Response.json(body, { status, headers });

/** Nothing to show here: the gallery's page has the upload. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  return redirect(`/studio/galleries/${params.id ?? ""}`, { headers: privateHeaders() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const editor = await requireEditor(request, context);
  try {
    const gallery = await context.store.content.getGallery(params.id ?? "");
    if (!gallery) return answer({ ok: false, message: "This gallery no longer exists." }, 404);
    const formData = await request.formData();
    const submission = parseWithZod(formData, { schema: photoBatchSchema });
    if (submission.status !== "success") return answer({ ok: false, message: ACTION_NOT_UNDERSTOOD }, 400);
    const here = `/studio/galleries/${gallery.id}`;
    if (submission.value.intent === "finished") {
      return redirectWithToast(context, here, { kind: "success", message: finishedToast(gallery, submission.value.added) });
    }
    const outcome = await addOnePhoto(context, gallery, formData);
    if (!outcome.ok) return answer({ ok: false, message: outcome.message }, outcome.status);
    await recordActivity(context, editor, outcome.activity);
    await contentChanged(context);
    return answer({ ok: true, path: outcome.path });
  } catch (error) {
    // Our records unreachable (Cockpit down): this photo's row says so, the others go on. The
    // same 503 as storeSafeAction's, in this endpoint's JSON (ADR 59).
    if (!isStoreUnavailable(error)) throw error;
    return answer({ ok: false, message: STORE_UNAVAILABLE_MESSAGE }, 503, storeUnavailableHeaders());
  }
}
