import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActivityActor } from "~/kernel/activity/activity";
import type { PeopleActivityKind } from "~/kernel/activity/activity-people";
import { moveInOrder, previousTeamFromTeam, type OfficeBearerInput, type PreviousTeamInput } from "./office-bearers-team";
import type { MediaRef, OfficeBearer, PreviousTeam } from "~/kernel/store/records";
import { recordActivity } from "~/kernel/activity/activity.server";
import { contentChanged } from "~/kernel/store/content/content-changed.server";
import { studioRichText } from "./studio-rich-text.server";
import { discardOldPhoto } from "./studio-photo-field.server";

/**
 * The office bearers' writes from the studio (/studio/office-bearers): the current team,
 * "Move this team to previous teams", and the previous teams. Each changes the store, makes
 * the change visible and records it. A bearer's photo comes stored from the form's photo field
 * (undefined: keep it; null: none); the one it replaces is deleted after the write.
 */

async function done(context: AppLoadContext, actor: ActivityActor, kind: PeopleActivityKind, subject: { id: string; name: string }) {
  await contentChanged(context);
  await recordActivity(context, actor, { kind, subject });
}

/** One person of the current team, or null (the store lists the team; there is no read by id). */
export const findOfficeBearer = async (context: AppLoadContext, id: string) =>
  (await context.store.content.listOfficeBearers()).find((b) => b.id === id) ?? null;
/** One previous team, or null. */
export const findPreviousTeam = async (context: AppLoadContext, id: string) =>
  (await context.store.content.listPreviousTeams()).find((t) => t.id === id) ?? null;

export async function addOfficeBearer(
  context: AppLoadContext,
  actor: ActivityActor,
  input: OfficeBearerInput,
  photo: MediaRef | null | undefined,
): Promise<OfficeBearer> {
  const bearer = await context.store.content.createOfficeBearer({ name: input.name, role: input.role, photo: photo ?? null });
  await done(context, actor, "office-bearer-added", { id: bearer.id, name: bearer.name });
  return bearer;
}

export async function changeOfficeBearer(
  context: AppLoadContext,
  actor: ActivityActor,
  id: string,
  input: OfficeBearerInput,
  photo: MediaRef | null | undefined,
): Promise<OfficeBearer | null> {
  const before = await findOfficeBearer(context, id);
  if (!before) return null;
  const bearer = await context.store.content.updateOfficeBearer(id, { name: input.name, role: input.role, photo: photo === undefined ? before.photo : photo });
  if (!bearer) return null;
  await discardOldPhoto(context, before.photo, photo);
  await done(context, actor, "office-bearer-changed", { id: bearer.id, name: bearer.name });
  return bearer;
}

export async function removeOfficeBearer(context: AppLoadContext, actor: ActivityActor, id: string): Promise<OfficeBearer | null> {
  const bearer = await findOfficeBearer(context, id);
  if (!bearer || !(await context.store.content.deleteOfficeBearer(id))) return null;
  await discardOldPhoto(context, bearer.photo, null);
  await done(context, actor, "office-bearer-removed", { id: bearer.id, name: bearer.name });
  return bearer;
}

/** Moves one bearer a place up or down; false when there was nothing to move. */
export async function moveOfficeBearer(context: AppLoadContext, actor: ActivityActor, id: string, direction: "up" | "down"): Promise<boolean> {
  const ids = (await context.store.content.listOfficeBearers()).map((b) => b.id);
  const next = moveInOrder(ids, id, direction);
  if (next.every((value, index) => value === ids[index])) return false;
  await context.store.content.reorderOfficeBearers(next);
  await done(context, actor, "office-bearers-reordered", { id, name: "office bearers" });
  return true;
}

/** The current team as a previous team of `year`, the current list emptied; null when there is no team. */
export async function moveTeamToPrevious(context: AppLoadContext, actor: ActivityActor, year: string): Promise<PreviousTeam | null> {
  const team = await context.store.content.listOfficeBearers();
  if (!team.length) return null;
  const previous = await context.store.content.moveTeamToPrevious(previousTeamFromTeam(team, year));
  await done(context, actor, "team-moved-to-previous", { id: previous.id, name: previous.title });
  return previous;
}

export async function changePreviousTeam(context: AppLoadContext, actor: ActivityActor, id: string, input: PreviousTeamInput): Promise<PreviousTeam | null> {
  const team = await context.store.content.updatePreviousTeam(id, { title: input.title, contentHtml: studioRichText(input.contentHtml) });
  if (team) await done(context, actor, "previous-team-changed", { id: team.id, name: team.title });
  return team;
}

export async function removePreviousTeam(context: AppLoadContext, actor: ActivityActor, id: string): Promise<PreviousTeam | null> {
  const team = await findPreviousTeam(context, id);
  if (!team || !(await context.store.content.deletePreviousTeam(id))) return null;
  await done(context, actor, "previous-team-removed", { id: team.id, name: team.title });
  return team;
}
