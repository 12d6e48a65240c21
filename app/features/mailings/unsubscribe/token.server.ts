// STUB until merge: H3 provides the real unsubscribe token and headers (same signatures, the
// contract's). This stand-in signs (memberId, kind, mailingId) with LINK_SIGNING_SECRET so the
// sending core can be tested; drop it for H3's file at merge.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { signToken } from "~/kernel/auth/signed-token.server";
import type { Id, MailingKind } from "~/kernel/store/records";

export async function unsubscribeUrl(context: AppLoadContext, siteUrl: string, who: { memberId: Id; kind: MailingKind; mailingId: Id }): Promise<string> {
  const token = await signToken(
    context.env.LINK_SIGNING_SECRET,
    "unsubscribe",
    { sub: `${who.memberId}.${who.kind}.${who.mailingId}`, exp: 4_102_444_800 },
    "short",
  );
  return `${siteUrl}/unsubscribe/${token}`;
}

export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
