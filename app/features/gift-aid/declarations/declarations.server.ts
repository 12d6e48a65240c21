import type { AppLoadContext } from "@remix-run/cloudflare";
import type { DeclarationOrigin, GiftAidDeclaration, Member } from "~/kernel/store/records";
import type { Store } from "~/kernel/store/port";
import { recordActivity } from "~/kernel/activity/activity.server";
import type { ActivityActor, ActivityMember } from "~/kernel/activity/activity";
import { ukIsoDay } from "~/kernel/store/received-day";
import { DECLARATION_WORDING_VERSION } from "../declaration-wording";
import { DECLARATION_ORIGIN_PHRASES, currentDeclaration, declarationPersonOf, isOpen } from "./declarations";
import { mayPseudonymiseDeclarations } from "./retention";

/**
 * A member's Gift Aid declarations (docs/requirements.md §14, ADR 74): given at sign-up, on My
 * Account or on paper (entered by an accountant), cancelled on My Account, and what erasure does
 * to them. Each change is in the activity log with the member's id.
 */

const activityMember = (member: Member): ActivityMember => ({ id: member.id, fullName: member.fullName, memberNumber: member.memberNumber });
const seconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** The UK day of `now`: the day a declaration given or cancelled now takes effect. */
export const ukToday = (now: Date = new Date()) => ukIsoDay(seconds(now));

async function give(
  context: AppLoadContext,
  member: Member,
  by: ActivityActor,
  origin: Extract<DeclarationOrigin, "sign-up" | "my-account" | "paper">,
  givenOn: string,
  now: Date,
): Promise<GiftAidDeclaration> {
  const declaration = await context.store.giftAidDeclarations.create(
    {
      personId: member.id,
      personKind: "member",
      origin,
      wordingVersion: DECLARATION_WORDING_VERSION,
      ...declarationPersonOf(member),
      givenOn,
      createdBy: by.id,
    },
    seconds(now),
  );
  await recordActivity(context, by, { kind: "gift-aid-declaration-given", member: activityMember(member), how: DECLARATION_ORIGIN_PHRASES[origin], givenOn });
  return declaration;
}

/**
 * The declaration of a new applicant's required Gift Aid box (docs/requirements.md §3.2, §14): given
 * today by the applicant, under the name and address of the form, with the wording shown.
 */
export async function recordSignUpDeclaration(context: AppLoadContext, member: Member, now = new Date()): Promise<void> {
  if (!member.consents.giftAid) return;
  await give(context, member, member, "sign-up", ukToday(now), now);
}

export type OwnDeclarationOutcome = "given" | "already-given" | "cancelled" | "nothing-to-cancel";

/** My Account: the member gives a declaration again, from today, under their record's name and address. */
export async function giveOwnDeclaration(context: AppLoadContext, member: Member, now = new Date()): Promise<OwnDeclarationOutcome> {
  const today = ukToday(now);
  if (currentDeclaration(await context.store.giftAidDeclarations.listByPerson(member.id), today)) return "already-given";
  await give(context, member, member, "my-account", today, now);
  return "given";
}

/**
 * My Account: the member cancels from today (HMRC Chapter 3: a donor may cancel at any time).
 * Every declaration of theirs not yet cancelled is, so no older one stays in force behind it.
 */
export async function cancelOwnDeclarations(context: AppLoadContext, member: Member, now = new Date()): Promise<OwnDeclarationOutcome> {
  const today = ukToday(now);
  const open = (await context.store.giftAidDeclarations.listByPerson(member.id)).filter(isOpen);
  let changed = 0;
  for (const declaration of open) if (await context.store.giftAidDeclarations.withdraw(declaration.id, today, member.id, seconds(now))) changed += 1;
  if (changed === 0) return "nothing-to-cancel";
  await recordActivity(context, member, { kind: "gift-aid-declaration-cancelled", member: activityMember(member), on: today });
  return "cancelled";
}

/** An accountant enters a member's signed paper form, dated as it is written. */
export async function recordPaperDeclaration(context: AppLoadContext, accountant: Member, member: Member, givenOn: string, now = new Date()): Promise<void> {
  await give(context, member, accountant, "paper", givenOn, now);
}

/**
 * Erasure (docs/requirements.md §8.3, §14): the declarations stay as HMRC's evidence; their name and
 * address become the pseudonym only once no claim can be checked any more (retention.ts).
 * How many were pseudonymised.
 */
export async function eraseDeclarations(store: Store, memberId: string, pseudonym: string, now = new Date()): Promise<number> {
  const claimed = await store.giftAidClaims.listItemsOfPerson(memberId);
  if (
    !mayPseudonymiseDeclarations(
      claimed.map((item) => item.paidOn),
      ukToday(now),
    )
  )
    return 0;
  return store.giftAidDeclarations.pseudonymise(memberId, { fullName: pseudonym }, seconds(now));
}
