import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { PREVIOUS_TEAM_LIMITS } from "~/features/studio/office-bearers-fields";
import { previousTeamSchema } from "~/features/studio/office-bearers-team";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireEditor } from "~/kernel/auth/auth.server";
import { studioNotFound, foundOrNotFound } from "~/features/studio/studio-not-found.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { changePreviousTeam, findPreviousTeam } from "~/features/studio/studio-office-bearers.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";

export const meta: MetaFunction = () => privatePageMeta("Edit previous team | Studio");

const LIST = "/studio/office-bearers";

/** A previous team's title and its text (HTML, sanitized on save; the rich-text editor replaces the textarea later). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const team = foundOrNotFound(await findPreviousTeam(context, params.id ?? ""));
  return data({ team: { title: team.title, contentHtml: team.contentHtml } }, { headers: privateHeaders() });
}

async function act({ request, context, params }: ActionFunctionArgs) {
  const editor = await requireEditor(request, context);
  const team = foundOrNotFound(await findPreviousTeam(context, params.id ?? ""));
  const submission = parseWithZod(await request.formData(), { schema: previousTeamSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  const saved = await changePreviousTeam(context, editor, team.id, submission.value);
  if (!saved) throw studioNotFound();
  return redirectWithToast(context, LIST, { kind: "success", message: `"${saved.title}" was saved.` });
}

/** A store outage answers the form again, with what was typed and one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioPreviousTeam() {
  const { team } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { errors, formError, form } = useFormReply(reply);
  const value = (name: "title" | "contentHtml") => (reply ? replyValue(reply, name) : team[name]);
  return (
    <StudioPage title="Edit previous team" parent={{ label: "Office bearers", to: LIST }}>
      <Form method="post" noValidate className="studio-form" {...form}>
        <FormMessage message={formError} />
        <Field
          id="team-title"
          name="title"
          label="Title"
          hint="For example Office Bearers 2025–26"
          type="text"
          maxLength={PREVIOUS_TEAM_LIMITS.title}
          error={errors.title}
          defaultValue={value("title")}
        />
        <Field
          id="team-content"
          name="contentHtml"
          label="The team"
          hint="Shown under the title on the Office Bearers page"
          as="textarea"
          rows={10}
          maxLength={PREVIOUS_TEAM_LIMITS.content}
          error={errors.contentHtml}
          defaultValue={value("contentHtml")}
        />
        <SubmitButton>Save</SubmitButton> <Link to={LIST}>Cancel</Link>
      </Form>
    </StudioPage>
  );
}
