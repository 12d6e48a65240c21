import { parseWithZod } from "@conform-to/zod/v4";
import { confirmStep } from "~/kernel/forms/confirm-step";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SlidesList } from "~/features/studio/components/SlidesList";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { slideName } from "~/features/studio/studio-pages";
import { ORDER_OUT_OF_DATE, slidesActionSchema } from "~/features/studio/studio-slides-actions";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { loadSlide, loadSlideRows, moveSlide, orderSlides, removeSlide } from "~/features/studio/studio-pages.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

export const meta: MetaFunction = () => privatePageMeta("Home slides | Studio");

const BACK = "/studio/slides";
const GONE = "That slide is no longer there.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  return data({ slides: await loadSlideRows(context) }, { headers: privateHeaders() });
}

/** Up, down, a dragged order (with JavaScript), and remove (a first press asks; the confirm step's Yes removes). */
export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const editor = await requireEditor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: slidesActionSchema });
  if (submission.status !== "success") {
    // A dragged order naming a slide twice is out of date (or made up): say so plainly.
    const message = submission.error?.ids?.includes(ORDER_OUT_OF_DATE) ? ORDER_OUT_OF_DATE : ACTION_NOT_UNDERSTOOD;
    return data({ ...submission.reply({ formErrors: [message] }), confirm: null }, { status: 400, headers: privateHeaders() });
  }
  const chosen = submission.value;
  if (chosen.intent === "order") {
    const outcome = await orderSlides(context, editor, chosen.ids);
    if (outcome === "stale")
      return data({ ...submission.reply({ formErrors: [ORDER_OUT_OF_DATE] }), confirm: null }, { status: 400, headers: privateHeaders() });
    return redirectWithToast(
      context,
      BACK,
      outcome === "saved" ? { kind: "success", message: "Slide moved." } : { kind: "info", message: "The order has not changed." },
    );
  }
  if (chosen.intent === "move") {
    const moved = await moveSlide(context, editor, chosen.id, chosen.move);
    return redirectWithToast(
      context,
      BACK,
      moved ? { kind: "success", message: "Slide moved." } : { kind: "info", message: "That slide cannot move further." },
    );
  }
  const slide = await loadSlide(context, chosen.id);
  if (!slide) return redirectWithToast(context, BACK, { kind: "error", message: GONE });
  if (chosen.confirmed !== "1") {
    const question = `Remove the slide \u201c${slideName(slide)}\u201d from the home page? This cannot be undone.`;
    return data(confirmStep(question, { intent: "remove", id: slide.id }), { headers: privateHeaders() });
  }
  const removed = await removeSlide(context, editor, slide);
  return redirectWithToast(context, BACK, removed ? { kind: "success", message: "Slide removed." } : { kind: "error", message: GONE });
}, storeErrorReply);

export default function StudioSlides() {
  const { slides } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const confirm = (answer && "confirm" in answer ? answer.confirm : undefined) ?? null;
  const formError = answer && "error" in answer ? answer.error?.[""]?.[0] : undefined;
  return <SlidesList slides={slides} confirm={confirm} formError={formError} />;
}
