import type { Role } from "../store/records";

/**
 * "Staff must use two-step verification" (docs/requirements.md §2.10, docs/decisions/0071), the
 * rule the staff guards apply (auth.server.ts): kept in the kernel, under the features, since
 * every guard asks it. Pure.
 */

/** Where staff are sent to set it up (the two-step feature's page). */
export const TWO_STEP_SET_UP_PATH = "/account/security/two-step";

/** Staff, as the setting means it: who can read every member's record or change the website. */
export function isStaff(role: Role): boolean {
  return role === "accountant" || role === "editor";
}

/**
 * Whether a signed-in member must be sent to set-up before any staff page: staff, the setting
 * on, and this session did no second step (a session that did one, did it because set-up is on).
 */
export function mustSetUpFirst({ role, settingOn, secondStepDone }: { role: Role; settingOn: boolean; secondStepDone: boolean }): boolean {
  return isStaff(role) && settingOn && !secondStepDone;
}
