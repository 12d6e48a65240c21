import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { readPhotoField, writeWithNewPhoto } from "~/features/studio/index.server";
import { formMessageReply } from "~/kernel/forms";
import { recordActivity } from "~/kernel/activity/activity.server";
import { createRateLimiter } from "~/kernel/http/rate-limit.server";
import { MAILING_TEST_RATE_RULE } from "~/kernel/http/rate-limits";
import { redirectWithToast } from "~/kernel/http/toast.server";
import type { Mailing, Member } from "~/kernel/store/records";
import { reachableCount, sendMailingTest, startMailing } from "../index.server";
import { formatUkDateTime, hasStarted, membersCount, ukTimeToUnix } from "./mailing-fields";
import { hadScript, isMailingButtonPost, MAILING_MESSAGES, mailingButtonSchema, mailingFormSchema } from "./mailing-form";
import { draftFromForm } from "./studio-mailings.server";
import { TEST_SEND_MESSAGES, testCopyWentOut, testRateLimitMessage, testSendRefusal } from "./test-send";

/**
 * A post to /studio/mailings/:id (docs/requirements.md §13). The form's buttons save what was
 * typed first (a refusal after that keeps it, saved, and says what to do), then: Save stops
 * there; "Send me a test" sends the sender one copy; "Send now" asks first (`?send`, a step set
 * apart that works without JavaScript) and its Yes starts sending; Schedule sets a UK day and
 * time. "Cancel the schedule" takes a scheduled mailing back to a draft. A mailing that started
 * sending is read-only.
 */

/** A mailing as the activity log names it: by its subject, never by who gets it. */
const activityName = (mailing: Mailing) => ({ id: mailing.id, subject: mailing.subject, kind: mailing.kind });

export const STARTED_MESSAGE = "This mailing has started sending, so it cannot be changed any more.";
const SCRIPT_REMOVED = "Something in the text that could run as a program was taken out: mailings carry words, links and pictures only.";

export async function mailingPost(context: AppLoadContext, request: Request, user: Member, existing: Mailing) {
  const here = `/studio/mailings/${existing.id}`;
  const form = await request.formData();
  const now = Math.floor(Date.now() / 1000);
  const siteUrl = new URL(request.url).origin;

  if (isMailingButtonPost(form)) {
    const submission = parseWithZod(form, { schema: mailingButtonSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    if (hasStarted(existing)) return redirectWithToast(context, `${here}/report`, { kind: "info", message: STARTED_MESSAGE });
    if (submission.value.intent === "unschedule") {
      const changed = await context.store.mailings.schedule(existing.id, null, user.id, now);
      if (changed) await recordActivity(context, user, { kind: "mailing-scheduled", mailing: activityName(existing), when: null });
      return redirectWithToast(
        context,
        here,
        changed ? { kind: "success", message: "The schedule is cancelled: it is a draft again." } : { kind: "info", message: STARTED_MESSAGE },
      );
    }
    // Send without the question's Yes: ask first.
    if (!submission.value.confirmed) return redirect(`${here}?send`);
    const result = await startMailing(context, existing.id, { id: user.id, fullName: user.fullName }, siteUrl, new Date(now * 1000));
    switch (result.kind) {
      case "started":
        return redirectWithToast(context, `${here}/report`, {
          kind: "success",
          message: `Sending to ${membersCount(result.recipients)}. This report shows how it goes.`,
        });
      case "already-started":
        return redirectWithToast(context, `${here}/report`, { kind: "info", message: "It had already started sending." });
      case "empty-audience":
        return redirectWithToast(context, here, { kind: "error", message: MAILING_MESSAGES.emptyAudience });
      case "not-configured":
        return redirectWithToast(context, here, { kind: "error", message: result.message });
    }
  }

  if (hasStarted(existing)) return data(formMessageReply(STARTED_MESSAGE), { status: 409 });
  const submission = parseWithZod(form, { schema: mailingFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const photo = await readPhotoField(context, form, "photo");
  if (!photo.ok) return data(submission.reply({ fieldErrors: { photo: [photo.message] } }), { status: photo.status });
  const input = submission.value;
  const saved = await writeWithNewPhoto(
    context,
    photo,
    context.store.mailings.updateDraft(existing.id, draftFromForm(input, user.id, existing, photo.image), now),
  );
  if (!saved) return data(submission.reply({ formErrors: [STARTED_MESSAGE] }), { status: 409 });
  const scriptNote = hadScript(input.body) ? ` ${SCRIPT_REMOVED}` : "";
  // After a refusal the form shows what is now saved (the sanitised text, the photo kept).
  const refuse = (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data(submission.reply({ ...errors, resetForm: false }), { status: 400 });

  switch (input.intent) {
    case "save":
      return redirectWithToast(context, here, { kind: scriptNote ? "info" : "success", message: `Draft saved.${scriptNote}` });
    case "test": {
      // Not set up: say so before anything is counted or sent (docs/requirements.md §13.4).
      const refused = testSendRefusal(context.env);
      if (refused) return refuse({ formErrors: [refused] });
      const limit = await createRateLimiter(context.store.rateLimits).hit([{ rule: MAILING_TEST_RATE_RULE, subject: user.id }]);
      if (!limit.allowed) return refuse({ formErrors: [testRateLimitMessage(limit.retryAfter)] });
      const copy = await sendMailingTest(context, saved, user, siteUrl);
      // "On its way" only when it is: a copy Resend refused, or one stored in production, was not sent.
      if (!testCopyWentOut(copy.status, context.env.isProduction)) return refuse({ formErrors: [TEST_SEND_MESSAGES.failed] });
      return redirectWithToast(context, here, { kind: "success", message: `A test copy is on its way to ${user.email}.${scriptNote}` });
    }
    case "send": {
      const count = await reachableCount(context, saved.kind, saved.audience, new Date(now * 1000));
      if (count === 0) return refuse({ formErrors: [MAILING_MESSAGES.emptyAudience] });
      return redirect(`${here}?send`);
    }
    case "schedule": {
      const at = ukTimeToUnix(input.scheduleDay, input.scheduleTime);
      if (at === null) return refuse({ fieldErrors: { scheduleDay: [MAILING_MESSAGES.scheduleInvalid] } });
      if (at <= now) return refuse({ fieldErrors: { scheduleDay: [MAILING_MESSAGES.schedulePast] } });
      const count = await reachableCount(context, saved.kind, saved.audience, new Date(now * 1000));
      if (count === 0) return refuse({ formErrors: [MAILING_MESSAGES.emptyAudienceSchedule] });
      const changed = await context.store.mailings.schedule(existing.id, at, user.id, now);
      if (!changed) return refuse({ formErrors: [STARTED_MESSAGE] });
      await recordActivity(context, user, { kind: "mailing-scheduled", mailing: activityName(saved), when: formatUkDateTime(at) });
      return redirectWithToast(context, here, {
        kind: "success",
        message: `Scheduled for ${formatUkDateTime(at)} (UK time), to ${membersCount(count)} as things stand. You can change or cancel it until then.${scriptNote}`,
      });
    }
  }
}
