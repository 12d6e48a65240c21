import { parseWithZod } from "@conform-to/zod/v4";
import { currentYear } from "~/kernel/dates/dates";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply, type FormReply } from "~/kernel/forms";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { confirmStep } from "~/kernel/forms/confirm-step";
import { StudioRowReply, type StudioRowAnswer } from "~/features/studio/components/StudioConfirm";
import { StudioRowButton } from "~/features/studio/components/StudioRowButton";
import { teamYear } from "~/features/studio/office-bearers-fields";
import { OFFICE_BEARER_MESSAGES, moveTeamQuestion, moveTeamSchema } from "~/features/studio/office-bearers-team";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { STUDIO_GONE, studioRowActionSchema, studioRowStoreError } from "~/features/studio/studio-row-action";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import {
  findOfficeBearer,
  findPreviousTeam,
  moveOfficeBearer,
  moveTeamToPrevious,
  removeOfficeBearer,
  removePreviousTeam,
} from "~/features/studio/studio-office-bearers.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { notFoundPage } from "~/kernel/http/answers.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";

export const meta: MetaFunction = () => privatePageMeta("Office bearers | Studio");

const PATH = "/studio/office-bearers";

/** The current team (edit, remove, order), moving it to the previous teams, and the previous teams (edit, delete). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const [bearers, teams] = await Promise.all([context.store.content.listOfficeBearers(), context.store.content.listPreviousTeams()]);
  return data(
    {
      bearers: bearers.map((b) => ({ id: b.id, name: b.name, role: b.role, hasPhoto: b.photo !== null })),
      teams: teams.map((t) => ({ id: t.id, title: t.title })),
    },
    { headers: privateHeaders() },
  );
}

type ActionData = FormReply | StudioRowAnswer;

async function act({ request, context }: ActionFunctionArgs) {
  const editor = await requireEditor(request, context);
  const form = await request.formData();
  const answer = (body: ActionData, status = 200) => data<ActionData>(body, { status, headers: privateHeaders() });

  if (form.get("intent") === "move-team") {
    const submission = parseWithZod(form, { schema: moveTeamSchema });
    if (submission.status !== "success") return answer(submission.reply(), 400);
    const { year, confirmed } = submission.value;
    const team = await context.store.content.listOfficeBearers();
    if (!team.length) return answer(submission.reply({ formErrors: [OFFICE_BEARER_MESSAGES.noTeam] }), 400);
    if (!confirmed) return answer(confirmStep(moveTeamQuestion(team.length, year), { intent: "move-team", year }));
    const moved = await moveTeamToPrevious(context, editor, year);
    if (!moved) return answer(submission.reply({ formErrors: [OFFICE_BEARER_MESSAGES.noTeam] }), 400);
    return redirectWithToast(context, PATH, { kind: "success", message: `The team is now in the previous teams as "${moved.title}".` });
  }

  const submission = parseWithZod(form, { schema: studioRowActionSchema });
  if (submission.status !== "success") return answer({ formError: "Please choose a person or a team." }, 400);
  const { intent, id, confirmed } = submission.value;
  if (intent === "up" || intent === "down") {
    await moveOfficeBearer(context, editor, id, intent);
    return redirectWithToast(context, PATH, { kind: "success", message: "The order was saved." });
  }
  if (intent === "remove") {
    const bearer = await findOfficeBearer(context, id);
    if (!bearer) return notFoundPage<ActionData>({ formError: STUDIO_GONE }, privateHeaders());
    if (!confirmed) return answer(confirmStep(`Remove ${bearer.name} from the office bearers?`, { intent, id }));
    await removeOfficeBearer(context, editor, id);
    return redirectWithToast(context, PATH, { kind: "success", message: `${bearer.name} was removed from the office bearers.` });
  }
  const team = await findPreviousTeam(context, id);
  if (!team) return notFoundPage<ActionData>({ formError: STUDIO_GONE }, privateHeaders());
  if (!confirmed) return answer(confirmStep(`Delete the previous team "${team.title}"?`, { intent, id }));
  await removePreviousTeam(context, editor, id);
  return redirectWithToast(context, PATH, { kind: "success", message: `"${team.title}" was deleted.` });
}

/** A store outage answers the team's form again, or a row button with one message above the list (503, ADR 59). */
export const action = storeSafeAction(act, (form, message): ActionData =>
  form.get("intent") === "move-team" ? storeErrorReply(form, message) : studioRowStoreError(form, message),
);

export default function StudioOfficeBearers() {
  const { bearers, teams } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const reply = answer && "status" in answer ? answer : null;
  const other = answer && ("confirm" in answer || "formError" in answer) ? answer : null;
  const { errors, formError, form } = useFormReply(reply);
  const nextYear = currentYear();
  return (
    <StudioPage title="Office bearers">
      <StudioRowReply answer={other} path={PATH} />
      <p className="studio-actions">
        <Link to={`${PATH}/new`} className="button">
          Add a person
        </Link>
        <a href="/office-bearers">View on site</a>
      </p>
      <h2 id="current-team">Current team</h2>
      {bearers.length ? (
        <ol className="studio-list" aria-labelledby="current-team">
          {bearers.map((bearer, index) => (
            <li key={bearer.id} className="studio-item">
              <p className="studio-item-main">
                <strong>{bearer.name}</strong> <span>{bearer.role}</span>
                {bearer.hasPhoto ? null : <span className="studio-tag"> No photo</span>}
              </p>
              <div className="studio-item-buttons">
                <Link to={`${PATH}/${bearer.id}`} aria-label={`Edit ${bearer.name}`}>
                  Edit
                </Link>
                {index > 0 ? <StudioRowButton path={PATH} intent="up" id={bearer.id} label={`Move ${bearer.name} up`} text="Up" /> : null}
                {index < bearers.length - 1 ? (
                  <StudioRowButton path={PATH} intent="down" id={bearer.id} label={`Move ${bearer.name} down`} text="Down" />
                ) : null}
                <StudioRowButton path={PATH} intent="remove" id={bearer.id} label={`Remove ${bearer.name}`} text="Remove" />
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="empty-state">There is no current team. Add a person to start the new team.</p>
      )}

      {bearers.length ? (
        <>
          <h2 id="move-team">Move this team to previous teams</h2>
          <p>When a new team is elected: the current team is kept under &ldquo;Previous teams&rdquo; with its year, and the current list is emptied.</p>
          <Form method="post" action={PATH} noValidate className="studio-form" aria-labelledby="move-team" {...form}>
            <FormMessage message={formError} />
            <input type="hidden" name="intent" value="move-team" />
            <Field
              id="team-year"
              name="year"
              label="The team's year"
              hint={`For example ${teamYear(`${nextYear - 1}-${String(nextYear).slice(2)}`)}`}
              type="text"
              maxLength={12}
              error={errors.year}
              defaultValue={replyValue(reply, "year")}
            />
            <SubmitButton>Move this team to previous teams</SubmitButton>
          </Form>
        </>
      ) : null}

      <h2 id="previous-teams">Previous teams</h2>
      {teams.length ? (
        <ul className="studio-list" aria-labelledby="previous-teams">
          {teams.map((team) => (
            <li key={team.id} className="studio-item">
              <p className="studio-item-main">
                <strong>{team.title}</strong>
              </p>
              <div className="studio-item-buttons">
                <Link to={`${PATH}/previous/${team.id}`} aria-label={`Edit ${team.title}`}>
                  Edit
                </Link>
                <StudioRowButton path={PATH} intent="remove-team" id={team.id} label={`Delete ${team.title}`} text="Delete" />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">There are no previous teams yet.</p>
      )}
    </StudioPage>
  );
}
