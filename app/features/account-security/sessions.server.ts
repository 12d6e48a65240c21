import type { AppLoadContext } from "@remix-run/cloudflare";
import { parts } from "~/kernel/dates/dates";
import { nowSeconds } from "~/kernel/store/ids";
import type { MemberSession } from "~/kernel/store/port";
import type { Member } from "~/kernel/store/records";
import { sessionPredatesPasswordChange, secondStepPending } from "~/kernel/auth/session-standing";
import { countryName, deviceName } from "./device-name";
import type { DeviceRow } from "./sessions";

/** "28 Nov 2026, 16:05", in UK time. */
function when(at: number): string {
  const p = parts(Math.floor(at), { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

function row(session: MemberSession): DeviceRow {
  return {
    id: session.id,
    device: deviceName(session.userAgent),
    firstSeen: when(session.createdAt),
    lastSeen: when(session.lastSeenAt),
    place: countryName(session.country),
  };
}

/**
 * The member's signed-in devices (ADR 70): this one, and every other session that would sign
 * them in (open, its second step not owed, not from before a password change), most recently
 * seen first.
 */
export async function loadDevices(
  context: AppLoadContext,
  member: Pick<Member, "id" | "passwordChangedAt">,
  currentId: string,
): Promise<{ current: DeviceRow | null; others: DeviceRow[] }> {
  const sessions = await context.store.memberSessions.listOpen(member.id, nowSeconds());
  const live = sessions.filter((session) => !secondStepPending(session) && !sessionPredatesPasswordChange(session.createdAt, member.passwordChangedAt));
  const current = live.find((session) => session.id === currentId);
  return { current: current ? row(current) : null, others: live.filter((session) => session.id !== currentId).map(row) };
}

/** Signs out one of the member's other devices; false when it is not theirs, is this one, or was already signed out. */
export function signOutDevice(context: AppLoadContext, member: Pick<Member, "id">, sessionId: string, currentId: string): Promise<boolean> {
  if (sessionId === currentId) return Promise.resolve(false);
  // The member's id is part of the update: an id that is someone else's changes nothing.
  return context.store.memberSessions.revoke(sessionId, nowSeconds(), member.id);
}

/** Signs out every device of the member but this one; how many. */
export function signOutOtherDevices(context: AppLoadContext, member: Pick<Member, "id">, currentId: string): Promise<number> {
  return context.store.memberSessions.revokeAllBut(member.id, currentId, nowSeconds());
}
