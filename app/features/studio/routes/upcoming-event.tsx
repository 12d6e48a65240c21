import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormMessage, SubmitButton } from "~/kernel/forms";
import { keepPageAfterStoreError } from "~/kernel/forms/keep-page-after-store-error";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { useRecordForm } from "~/features/studio/components/use-record-form";
import { HOME_BUTTON_LIMITS, HOME_BUTTON_MESSAGES } from "~/features/studio/home-button-form";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { recordActivity } from "~/kernel/activity/activity.server";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { homeButtonSchema, loadHomeButton, saveHomeButton } from "~/features/studio/studio-event.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

export const meta: MetaFunction = () => privatePageMeta("Home page booking button | Studio");

/** A 503 from the action (our records could not be reached) keeps the page as it is. */
export const shouldRevalidate = keepPageAfterStoreError;

/**
 * /studio/event (docs/requirements.md §7.3): the events themselves are records now, edited at
 * /studio/events (ADR 60); this page keeps what the settings still hold for the home page's
 * event block, its booking button's text and link. Editors and accountants.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  return data({ values: await loadHomeButton(context) }, { headers: privateHeaders() });
}

async function act({ request, context }: ActionFunctionArgs) {
  const editor = await requireEditor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: homeButtonSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [HOME_BUTTON_MESSAGES.invalid] }), { status: 400 });
  for (const change of await saveHomeButton(context, submission.value)) await recordActivity(context, editor, { kind: "setting-changed", ...change });
  return redirectWithToast(context, "/studio/event", { kind: "success", message: HOME_BUTTON_MESSAGES.saved });
}

/** A store outage answers the form again, with what was typed and one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioHomeButton() {
  const { values } = useLoaderData<typeof loader>();
  const { formError, form, field } = useRecordForm(useActionData<typeof action>(), values, "event");
  const fields = (
    <>
      <div className="field-row">
        <Field {...field("buttonText")} label="Button text" maxLength={HOME_BUTTON_LIMITS.buttonText} hint="Like Book tickets." />
        <Field
          {...field("bookingLink")}
          label="Button link"
          maxLength={HOME_BUTTON_LIMITS.link}
          hint="Leave empty for the event's own booking page, or give a full address (another ticket site)."
        />
      </div>
      <p className="studio-form-actions">
        <SubmitButton>Save the button</SubmitButton>
        <Link to="/studio/events">Back to the events</Link>
      </p>
    </>
  );
  return (
    <StudioPage title="Home page booking button" parent={{ label: "Events", to: "/studio/events" }}>
      <p className="studio-intro">
        The button under the upcoming event on the home page. The events themselves are on the <Link to="/studio/events">Events</Link> page.
      </p>
      <Form method="post" noValidate className="studio-form" aria-label="Home page booking button" {...form}>
        <FormMessage message={formError} summaryOf={fields} />
        {fields}
      </Form>
    </StudioPage>
  );
}
