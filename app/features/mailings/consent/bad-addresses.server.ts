import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BadAddress, Id } from "~/kernel/store/records";
import { normaliseEmail } from "~/kernel/values/email-address";

/**
 * Bad addresses (docs/requirements.md §13): an address stops being bad once it is no longer the
 * member's. Edit Member clears the old ones when the e-mail is corrected, and the list shows only
 * the rows whose address is still the member's (an e-mail changed by the member's own link too).
 */

/** After a member's e-mail was corrected: their bad addresses other than `current` are cleared. */
export async function clearBadAddressAfterChange(context: AppLoadContext, memberId: Id, current: string): Promise<void> {
  const rows = await context.store.badAddresses.forMember(memberId);
  const now = normaliseEmail(current);
  await Promise.all(rows.filter((row) => row.email !== now).map((row) => context.store.badAddresses.clear(memberId, row.email)));
}

export interface BadAddressRow extends BadAddress {
  memberName: string;
}

/** The accountants' list: each still-bad address with its member's name, newest first. */
export async function listBadAddresses(context: AppLoadContext): Promise<BadAddressRow[]> {
  const { rows } = await context.store.badAddresses.list();
  const members = new Map(
    await Promise.all([...new Set(rows.map((row) => row.memberId))].map(async (id) => [id, await context.store.members.getById(id)] as const)),
  );
  return rows.flatMap((row) => {
    const member = members.get(row.memberId);
    if (!member || member.deleted || normaliseEmail(member.email) !== row.email) return [];
    return [{ ...row, memberName: member.fullName }];
  });
}
