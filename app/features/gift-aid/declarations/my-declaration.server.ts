import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Member } from "~/kernel/store/records";
import { formatIsoDay } from "~/kernel/dates/iso-day";
import { DECLARATION_NOTES, DECLARATION_WORDING_VERSION, declarationWording } from "../declaration-wording";
import { currentDeclaration, declarationPersonOf, declarationView, type DeclarationView } from "./declarations";
import { ukToday } from "./declarations.server";

/** What /account/gift-aid shows: display values only, for the signed-in member's own declarations. */
export interface MyDeclarationPage {
  today: string;
  /** The declaration in force, or null (then `lastCancelled` may say when the last one ended). */
  inForce: DeclarationView | null;
  lastCancelled: DeclarationView | null;
  /** What a new declaration would be given under: the record's name and address. */
  person: { name: string; address: string; postcode: string };
  wording: string[];
  notes: string;
  /** The declaration in force was given with today's words (an older one: the sign-up form's earlier wording). */
  inForceHasWording: boolean;
}

export async function loadMyDeclaration(context: AppLoadContext, member: Member, now = new Date()): Promise<MyDeclarationPage> {
  const today = ukToday(now);
  const declarations = await context.store.giftAidDeclarations.listByPerson(member.id);
  const inForce = currentDeclaration(declarations, today);
  const cancelled = declarations.filter((d) => d.withdrawnOn !== null).sort((a, b) => ((a.withdrawnOn ?? "") < (b.withdrawnOn ?? "") ? 1 : -1));
  const person = declarationPersonOf(member);
  return {
    today: formatIsoDay(today),
    inForce: inForce ? declarationView(inForce) : null,
    lastCancelled: !inForce && cancelled[0] ? declarationView(cancelled[0]) : null,
    person: { name: [person.title, person.fullName].filter(Boolean).join(" "), address: person.address.split("\n").join(", "), postcode: person.postcode },
    wording: declarationWording(),
    notes: DECLARATION_NOTES,
    inForceHasWording: inForce?.wordingVersion === DECLARATION_WORDING_VERSION,
  };
}
