import type { AppLoadContext } from "@remix-run/cloudflare";
import { erasedEmail, erasedName, erasureRefusal, erasurePatch } from "./erasure";
import { myData, myDataFilename, type MyData } from "./my-data";
import { myDataHtml } from "./my-data-file.server";
import type { Member } from "~/kernel/store/records";
import { privateFileHeaders } from "~/kernel/http/response-headers";
import type { Store } from "~/kernel/store/port";
import { collectMailData, eraseMailData } from "~/features/mailings/index.server";
import { eraseDeclarations } from "~/features/gift-aid/index.server";

/**
 * Members' data rights (docs/requirements.md §8, ADR 0056): the I/O of "Download my data" and of
 * the accountant's "Erase". The rules (what is left out, what is erased) are in
 * features/data-rights/my-data.ts and features/data-rights/erasure.ts; the routes guard and answer.
 */

/** Everything held about the member, from every store. */
export async function collectMyData(store: Store, member: Member, now = new Date()): Promise<MyData> {
  // Every record is found by the member's id, never by an address (docs/security.md).
  const [transactions, tickets, emails, contactMessages, sessions, mail, giftAidDeclarations, donations] = await Promise.all([
    store.transactions.listByUser(member.id),
    store.tickets.listByUser(member.id),
    store.personalData.outboxAbout(member.id),
    store.personalData.contactMessagesBy(member.id),
    store.memberSessions.listOpen(member.id, Math.floor(now.getTime() / 1000)),
    collectMailData(store, member.id),
    // Gift Aid declarations and donations (docs/requirements.md §14), found by the member's id like the rest.
    store.giftAidDeclarations.listByPerson(member.id),
    store.donations.listByPerson(member.id),
  ]);
  return myData({ member, transactions, tickets, emails, contactMessages, sessions, mail, giftAidDeclarations, donations, now });
}

/** The JSON file: a download named after the member, never stored by a cache on the way. */
export function myDataDownload(data: MyData, now = new Date()): Response {
  return new Response(JSON.stringify(data, null, 2), {
    headers: privateFileHeaders("application/json; charset=utf-8", `attachment; filename="${myDataFilename(data.member.fullName, now, "json")}"`),
  });
}

/** The same as a page to keep or print (features/data-rights/my-data-file.server.tsx), named the same way. */
export function myDataHtmlDownload(data: MyData, now = new Date()): Response {
  return new Response(myDataHtml(data), {
    headers: privateFileHeaders("text/html; charset=utf-8", `attachment; filename="${myDataFilename(data.member.fullName, now, "html")}"`),
  });
}

export type ErasureOutcome = { ok: true; pseudonym: string } | { ok: false; message: string };

/**
 * Erases a member (see features/data-rights/erasure.ts). The copies elsewhere go first and the member's
 * record last: each step can run again, so if one fails, erasing again finishes the job,
 * while an erased record would refuse a second go.
 */
export async function eraseMember(context: AppLoadContext, member: Member, actorId: string): Promise<ErasureOutcome> {
  const refusal = erasureRefusal(member, actorId);
  if (refusal) return { ok: false, message: refusal };
  const { store } = context;
  const pseudonym = erasedName(member.id);
  const [messages, transactions, tickets, declarations] = await Promise.all([
    store.personalData.contactMessagesBy(member.id),
    store.transactions.listByUser(member.id),
    store.tickets.listByUser(member.id),
    store.giftAidDeclarations.listByPerson(member.id),
  ]);
  const names = [
    member.fullName,
    member.spouse?.name ?? "",
    ...member.children.map((child) => child.name),
    ...messages.map((message) => `${message.name} ${message.lastname}`.trim()),
    member.email,
    // The name and address each payment was made under (the member may have been renamed since).
    ...transactions.flatMap((transaction) => [transaction.memberName, transaction.memberEmail]),
    // The names their Gift Aid declarations were given under (the log's entries about them name the member).
    ...declarations.map((declaration) => declaration.fullName),
  ];
  // The log's entries about the member's records name them too (a refund's: "paid by ..."): found by the records' ids.
  const ids = [member.id, ...messages.map((message) => message.id), ...transactions.map((t) => t.id), ...tickets.map((ticket) => ticket.id)];
  await store.personalData.pseudonymiseActivity(ids, names, pseudonym);
  await store.personalData.pseudonymisePayments(member.id, { name: pseudonym, email: erasedEmail(member.id) });
  await store.personalData.eraseRefundReasons(member.id);
  // The messages typed with their donations, like the refunds' reasons (the donations stay, for the accounts).
  await store.donations.eraseMessages(member.id);
  await store.personalData.deleteOutboxAbout(member.id);
  await store.personalData.eraseContactMessagesBy(member.id);
  // Their devices (browser, country, when seen) go too, and with them every session (ADR 70).
  await store.memberSessions.deleteForMember(member.id);
  // An erased account never signs in again: its two-step secret and recovery codes have nothing left to guard (ADR 71).
  await store.twoStep.remove(member.id);
  // Their mail choices, deliveries and bad addresses (docs/requirements.md §13): each names them by id and address.
  await eraseMailData(store, member.id);
  // Gift Aid declarations stay as HMRC's evidence; their name and address become the pseudonym only once out of
  // HMRC's six years (docs/requirements.md §14, features/gift-aid retention rule).
  await eraseDeclarations(store, member.id, pseudonym);
  const erased = await store.members.update(member.id, erasurePatch(member.id, Date.now() / 1000));
  if (!erased) return { ok: false, message: "Account Not Found" };
  return { ok: true, pseudonym };
}
