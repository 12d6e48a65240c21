import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { Strategy } from "remix-auth/strategy";
import { formMessageReply, type FormReply } from "~/kernel/forms";
import type { Member } from "~/kernel/store/records";
import {
  CODE_CLOSED_MESSAGES,
  CODE_OTHER_BROWSER_MESSAGE,
  CODE_WRONG_MESSAGE,
  SIGN_IN_CODE_MAX_FAILURES,
  codeClosed,
  enterCodeSchema,
  type CodeClosed,
} from "./sign-in-code";
import { codeHash, readPendingCode, type PendingCode } from "./sign-in-code.server";
import { constantTimeEqual, sha256Hex } from "~/kernel/auth/digests";
import { SignInRefused } from "./sign-in-refused";

/**
 * remix-auth's strategy for e-mailed sign-in codes (docs/decisions/0069; remix-auth-totp was
 * weighed there and not used). It reads either the code form (POST, field `code`) or the one-tap
 * link (GET /login/code/:id/:token), checks it against the code this browser asked for, and
 * hands the code's member to the verify function, which decides whether they may sign in (the
 * under-review rule). Every refusal is a SignInRefused, and changes nothing but a wrong try's
 * count: a code from another browser, a used, expired or ended one leave everything as it was.
 */

export interface EmailCodeVerifyParams {
  /** The member the code was sent to (not yet checked for standing: the verify function does that). */
  member: Member;
  request: Request;
}

const LINK_PATH = /^\/login\/code\/([0-9a-f]{32})\/([0-9a-f]{32})$/;

/** The proof the request brings: a typed code (with the form's reply for refusals) or a link's token. */
type Proof = { kind: "code"; code: string; reply: (formError: string) => FormReply } | { kind: "link"; id: string; token: string };

export class EmailCodeStrategy extends Strategy<Member, EmailCodeVerifyParams> {
  name = "email-code";

  constructor(
    private readonly context: AppLoadContext,
    verify: Strategy.VerifyFunction<Member, EmailCodeVerifyParams>,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    super(verify);
  }

  async authenticate(request: Request): Promise<Member> {
    const proof = await readProof(request);
    const refuse = (status: 401 | 403 | 410, message: string): never => {
      throw new SignInRefused(status, proof.kind === "code" ? proof.reply(message) : formMessageReply(message));
    };
    const pending = await readPendingCode(request, this.context);
    // No cookie of ours, or one for another code (the link was opened elsewhere): nothing to check against.
    if (!pending || (proof.kind === "link" && proof.id !== pending.id)) return refuse(403, CODE_OTHER_BROWSER_MESSAGE);
    const kept = await this.context.store.signInCodes.get(pending.id);
    if (!kept || !constantTimeEqual(kept.browserHash, await sha256Hex(pending.browser))) return refuse(403, CODE_OTHER_BROWSER_MESSAGE);
    const closed = codeClosed(kept, this.now());
    if (closed) return refuse(410, CODE_CLOSED_MESSAGES[closed]);

    const right =
      proof.kind === "code"
        ? constantTimeEqual(kept.codeHash, await codeHash(this.context, kept.id, proof.code))
        : constantTimeEqual(kept.linkHash, await sha256Hex(proof.token));
    // A code made for an address that is nobody's was never sent: no try at it can be right.
    if (!right || kept.memberId === null) {
      const failures = await this.context.store.signInCodes.countFailure(kept.id, this.now(), SIGN_IN_CODE_MAX_FAILURES);
      if (failures === null) return refuse(410, CODE_CLOSED_MESSAGES[await this.closedNow(pending)]);
      return refuse(failures >= SIGN_IN_CODE_MAX_FAILURES ? 410 : 401, failures >= SIGN_IN_CODE_MAX_FAILURES ? CODE_CLOSED_MESSAGES.ended : CODE_WRONG_MESSAGE);
    }
    // Used once: of two tries at once with the right code, one signs in.
    if (!(await this.context.store.signInCodes.claim(kept.id, this.now(), SIGN_IN_CODE_MAX_FAILURES))) {
      return refuse(410, CODE_CLOSED_MESSAGES[await this.closedNow(pending)]);
    }
    const found = await this.context.store.members.getById(kept.memberId);
    if (!found || found.deleted) return refuse(401, CODE_WRONG_MESSAGE);
    return this.verify({ member: found, request });
  }

  /** Why a code that was open a moment ago is not any more (another request used or ended it). */
  private async closedNow(pending: PendingCode): Promise<CodeClosed> {
    const kept = await this.context.store.signInCodes.get(pending.id);
    return (kept && codeClosed(kept, this.now())) || "used";
  }
}

async function readProof(request: Request): Promise<Proof> {
  if (request.method === "GET") {
    const match = LINK_PATH.exec(new URL(request.url).pathname);
    // The route only matches the link's shape loosely; anything else is no code of ours.
    if (!match) throw new SignInRefused(403, formMessageReply(CODE_OTHER_BROWSER_MESSAGE));
    return { kind: "link", id: match[1]!, token: match[2]! };
  }
  const submission = parseWithZod(await request.formData(), { schema: enterCodeSchema });
  if (submission.status !== "success") throw new SignInRefused(400, submission.reply());
  return { kind: "code", code: submission.value.code, reply: (formError) => submission.reply({ formErrors: [formError] }) };
}
