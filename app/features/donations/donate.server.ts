import type { AppLoadContext } from "@remix-run/cloudflare";
import { currentYear } from "../../kernel/dates/dates";
import { ASSOCIATION } from "../../kernel/layout/association";
import { PAYMENT_START_RATE_RULES, type RateCheck } from "../../kernel/http/rate-limits";
import { clientKey, createRateLimiter } from "../../kernel/http/rate-limit.server";
import { nowSeconds } from "../../kernel/store/ids";
import { ukIsoDay } from "../../kernel/store/received-day";
import type { GiftAidDeclaration, Id, Member, NewTransaction, PersonKind } from "../../kernel/store/records";
import { formatPence } from "../../kernel/values/money";
import { startTransactionCheckout } from "~/features/payments/index.server";
import { DECLARATION_NOTES, DECLARATION_WORDING_VERSION, declarationWording } from "~/features/gift-aid";
import { declarationInForce, declarationTitle, memberHomeAddress, type DonationInput } from "./donation";
import { DONATION_MESSAGES, PRESET_AMOUNTS } from "./donation-form";
import { DONATION_TITLE, donateCancelledPath, donateThanksPath, givenOnLabel } from "./donations";

/**
 * /donate (docs/requirements.md §14, ADR 74): the page's data, and a donation's start. A donation
 * is a transaction of its own kind (paymentType "donation") whose payer is the person giving: the
 * signed-in member, or a visitor who becomes a `donors` row. Ticked, the Gift Aid box records a
 * declaration (origin "donation"), unless the member has one in force, which is reused. Then the
 * same checkout and verified settlement as every payment (return page and webhook).
 */

/** Who is giving: a signed-in, active member; anyone else gives as a visitor. */
export function donorMember(user: Member | null): Member | null {
  return user && user.active ? user : null;
}

/** The member's declaration covering today, if any (their newest given first: the store's order). */
async function memberDeclaration(context: AppLoadContext, member: Member | null, today: string): Promise<GiftAidDeclaration | null> {
  if (!member) return null;
  return declarationInForce(await context.store.giftAidDeclarations.listByPerson(member.id), today);
}

export interface DonatePage {
  html: string;
  presets: Array<{ value: string; label: string }>;
  /** The model declaration's paragraphs, then its notes (HMRC Chapter 3). */
  wording: string[];
  notes: string;
  /** A signed-in member: their name, and the declaration reused when they tick the box. */
  member: null | { name: string; declaration: null | { givenOn: string; name: string; postcode: string } };
  /** What the Gift Aid fields start with: a member's record (or declaration), empty for a visitor. */
  prefill: { title: string; fullName: string; address: string; postcode: string };
}

/** The page: the editor's words, the amounts, the model wording, and a member's details filled in. */
export async function loadDonatePage(context: AppLoadContext, user: Member | null): Promise<DonatePage> {
  const settings = await context.content.getSiteSettings();
  const member = donorMember(user);
  const declaration = await memberDeclaration(context, member, ukIsoDay(nowSeconds()));
  const charityName = (await context.store.giftAidSettings.get()).charityName.trim() || ASSOCIATION.name;
  return {
    html: settings.donatePageHtml,
    presets: PRESET_AMOUNTS.map((pence) => ({ value: String(pence), label: formatPence(pence).replace(/\.00$/, "") })),
    wording: declarationWording(charityName),
    notes: DECLARATION_NOTES,
    member: member && {
      name: member.fullName,
      declaration: declaration && { givenOn: givenOnLabel(declaration.givenOn), name: declaration.fullName, postcode: declaration.postcode },
    },
    prefill: member
      ? { title: declarationTitle(member.title), fullName: member.fullName, address: memberHomeAddress(member), postcode: member.postcode }
      : { title: "", fullName: "", address: "", postcode: "" },
  };
}

/** Whether this giver's form skips the Gift Aid details (a member's declaration in force is reused). */
export async function donationFormFor(context: AppLoadContext, user: Member | null): Promise<{ visitor: boolean; declarationInForce: boolean }> {
  const member = donorMember(user);
  return { visitor: !member, declarationInForce: Boolean(await memberDeclaration(context, member, ukIsoDay(nowSeconds()))) };
}

export type DonationStart =
  { ok: true; url: string } | { ok: false; status: 429; error: string; retryAfter: number } | { ok: false; status: 503; error: string };

/**
 * Counts the start (the payment-start limits: per address, and per member when signed in), then
 * the person, the declaration, the pending transaction and its donation row, and the checkout.
 */
export async function startDonation(context: AppLoadContext, request: Request, user: Member | null, input: DonationInput): Promise<DonationStart> {
  const member = donorMember(user);
  const checks: RateCheck[] = [{ rule: PAYMENT_START_RATE_RULES.ip, subject: clientKey(request) }];
  if (member) checks.push({ rule: PAYMENT_START_RATE_RULES.member, subject: member.id });
  const limit = await createRateLimiter(context.store.rateLimits).hit(checks);
  if (!limit.allowed) return { ok: false, status: 429, error: DONATION_MESSAGES.limited, retryAfter: limit.retryAfter };

  const at = nowSeconds();
  const today = ukIsoDay(at);
  const person: { id: Id; kind: PersonKind; name: string; email: string } = member
    ? { id: member.id, kind: "member", name: member.fullName, email: member.email }
    : await context.store.donors.create({ email: input.email, fullName: input.fullName }, at).then((donor) => ({
        id: donor.id,
        kind: "donor" as const,
        name: donor.fullName,
        email: donor.email,
      }));

  let declarationId: Id | null = null;
  if (input.giftAid) {
    const inForce = await memberDeclaration(context, member, today);
    declarationId =
      inForce?.id ??
      (
        await context.store.giftAidDeclarations.create(
          {
            personId: person.id,
            personKind: person.kind,
            origin: "donation",
            wordingVersion: DECLARATION_WORDING_VERSION,
            title: input.title,
            fullName: input.fullName || person.name,
            address: input.address,
            postcode: input.postcode,
            givenOn: today,
            createdBy: person.id,
          },
          at,
        )
      ).id;
  }

  const transaction: NewTransaction = {
    userId: person.id,
    title: DONATION_TITLE,
    unitAmount: input.amount,
    qty: 1,
    year: currentYear(),
    priceRef: "",
    membershipType: "Single",
    memberName: person.name,
    memberEmail: person.email,
    paymentType: "donation",
    ticketId: null,
    familyDetails: null,
  };
  const started = await startTransactionCheckout(context, request, {
    transaction,
    prepare: async (made) => {
      await context.store.donations.create(
        {
          transactionId: made.id,
          personId: person.id,
          personKind: person.kind,
          amount: input.amount,
          message: input.message,
          giftAid: input.giftAid,
          declarationId,
        },
        at,
      );
    },
    lineItems: [{ price: "", quantity: 1, priceData: { unitAmount: input.amount, currency: "gbp", productName: `Donation to ${ASSOCIATION.name}` } }],
    successPath: (made) => donateThanksPath(made.id),
    cancelPath: (made) => donateCancelledPath(made.id),
    description: `${DONATION_TITLE} of ${formatPence(input.amount)}`,
  });
  return started.ok ? { ok: true, url: started.url } : { ok: false, status: 503, error: DONATION_MESSAGES.unavailable };
}
