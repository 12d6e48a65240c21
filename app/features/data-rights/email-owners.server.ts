import type { AppLoadContext } from "@remix-run/cloudflare";

/** How many old e-mails one daily run settles: a few look-ups a day (Cockpit's API on a Cockpit site) until none is left. */
export const EMAIL_OWNERS_PER_RUN = 50;

/**
 * The daily run's attribution of e-mails written before they carried a member id (migration
 * 0022; docs/security.md, "Whose is this record"): each one's single recipient is looked up
 * among the members' own addresses (findByEmail: the member's e-mail, never a spouse's), and
 * the e-mail becomes that member's, or nobody's. Each is asked once. How many found a member.
 */
export async function settleOldEmailOwners(context: AppLoadContext): Promise<number> {
  const { members, personalData } = context.store;
  let found = 0;
  for (const email of await personalData.outboxOwnersUnknown(EMAIL_OWNERS_PER_RUN)) {
    const member = email.address ? await members.findByEmail(email.address) : null;
    await personalData.settleOutboxOwner(email.id, member?.id ?? null);
    if (member) found++;
  }
  return found;
}
