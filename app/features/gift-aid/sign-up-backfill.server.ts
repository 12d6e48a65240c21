import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * Members' sign-up consents as Gift Aid declarations (docs/requirements.md §14, ADR 74): on D1,
 * migration 0031 made them; the Cockpit store's members are not D1 rows, so the daily run gives
 * each consenting member (deleted ones too: the consent was given; never a rejected applicant)
 * a "sign-up" declaration dated from their registration. The store keeps one sign-up declaration
 * per member, so every later run adds only those still without one. How many were made.
 */
export async function backfillSignUpDeclarations(context: AppLoadContext): Promise<number> {
  const { store } = context;
  if (store.kind !== "cockpit") return 0;
  const [live, deleted] = await Promise.all([store.members.list({ deleted: false }), store.members.list({ deleted: true })]);
  const consenting = [...live.rows, ...deleted.rows].filter((member) => member.consents.giftAid && !member.rejected);
  return store.giftAidDeclarations.backfillSignUp(consenting);
}
