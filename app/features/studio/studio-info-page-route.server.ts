import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { ActivityActor } from "~/kernel/activity/activity";
import { INFO_PAGES, type InfoPageScreen } from "./studio-info-pages";
import { pageFormSchema } from "./studio-pages";
import { privateHeaders } from "~/kernel/http/response-headers";
import { loadPageScreen, savePageForm } from "./studio-pages.server";
import { readPhotoField, writeWithNewPhoto } from "./studio-photo-field.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

/**
 * /studio/about and /studio/school are one screen for two pages: what their loader and action
 * answer once the route has checked the editor. The guard stays in each route file, so a
 * reader of the route sees who may use it (ADR 35).
 */

export async function infoPageScreen(context: AppLoadContext, screen: InfoPageScreen) {
  return data(await loadPageScreen(context, screen), { headers: privateHeaders() });
}

/** Parses the form, stores a new picture, saves the page; a refusal answers the form again (400, or the photo's status). */
export async function saveInfoPage(context: AppLoadContext, editor: ActivityActor, screen: InfoPageScreen, formData: FormData) {
  const page = INFO_PAGES[screen];
  const submission = parseWithZod(formData, { schema: pageFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  const photo = await readPhotoField(context, formData, "image");
  if (!photo.ok) return data(submission.reply({ fieldErrors: { image: [photo.message] } }), { status: photo.status, headers: privateHeaders() });
  await writeWithNewPhoto(context, photo, savePageForm(context, editor, screen, submission.value, photo.image));
  return redirectWithToast(context, page.path, { kind: "success", message: `The ${page.name} page is saved.` });
}
