import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One e-mail the worker asked the fake Resend to send. */
export interface FakeResendRequest {
  authorization: string | undefined;
  body: {
    from?: string;
    to?: string[] | string;
    subject?: string;
    html?: string;
    text?: string;
    reply_to?: string | string[];
    attachments?: FakeResendAttachment[];
    /** Extra headers (a mailing's List-Unsubscribe and List-Unsubscribe-Post). */
    headers?: Record<string, string>;
  };
  /** The Idempotency-Key header of the call it came in. */
  idempotencyKey?: string;
  /** Set for an e-mail that came in a POST /emails/batch: which call (1-based) it was part of. */
  batch?: number;
}

/** An attachment as Resend's API receives it: content in base64; content_id makes it inline (cid:). */
export interface FakeResendAttachment {
  filename?: string;
  content?: string;
  content_type?: string;
  content_id?: string;
}

export interface FakeResendBatchCall {
  idempotencyKey: string | undefined;
  size: number;
  /** Answered from an earlier call with the same key: nothing sent again. */
  replayed: boolean;
  status: number;
}

export interface FakeResendFailure {
  status: number;
  /** Resend's error names: validation_error, rate_limit_exceeded, application_error ... */
  name: string;
  message: string;
}

export interface FakeResend {
  /** The API base to give the worker as RESEND_API_URL. */
  url: string;
  /** Every e-mail received (POST /emails, and each one of a POST /emails/batch), oldest first. */
  requests: FakeResendRequest[];
  /** How many e-mails each POST /emails/batch carried, oldest first (calls that sent; a replayed key sends nothing). */
  batches: number[];
  /** Every POST /emails/batch call, replays and refusals included, oldest first. */
  batchCalls: FakeResendBatchCall[];
  /**
   * The next `count` batch calls send their e-mails (recorded, and kept for their idempotency
   * key) but answer 500, as if the connection broke after Resend accepted them: the worker
   * sees a failure for a batch that went.
   */
  failAfterSending(count: number): void;
  /** From now on answer POST /emails with this error (null: succeed again). */
  failWith(failure: FakeResendFailure | null): void;
  /** From now on wait this long before answering POST /emails (0: at once), as a slow provider. */
  setDelay(ms: number): void;
  stop(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return null;
  }
}

/**
 * A local HTTP server speaking the bit of Resend's API the site calls: POST /emails (and
 * POST /emails/batch)
 * answers 200 {"id": "..."} or, when told to fail, Resend's error shape
 * ({statusCode, name, message}) with that status. Start it, then run the worker with
 * RESEND_API_KEY set and RESEND_API_URL = fake.url (startSeededServer({ vars })).
 */
export async function startFakeResend(options: { failWith?: FakeResendFailure } = {}): Promise<FakeResend> {
  const requests: FakeResendRequest[] = [];
  const batches: number[] = [];
  const batchCalls: FakeResendBatchCall[] = [];
  /** As Resend: an idempotency key's first successful answer, kept (24 hours there; the fake's life here). */
  const answered = new Map<string, { body: string; answer: { data: Array<{ id: string }> } }>();
  let sendThenFail = 0;
  let failure: FakeResendFailure | null = options.failWith ?? null;
  let next = 0;
  let delayMs = 0;
  const server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method === "POST" && request.url === "/emails/batch") {
      // Resend's batch API: an array of up to 100 e-mails, answered {data: [{id}, ...]} in order, all or nothing.
      const body = await readJson(request);
      const key = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : undefined;
      const call = (status: number, replayed: boolean) =>
        batchCalls.push({ idempotencyKey: key, size: Array.isArray(body) ? body.length : 0, replayed, status });
      if (!Array.isArray(body) || body.length === 0 || body.length > 100) {
        call(422, false);
        reply(422, { statusCode: 422, name: "validation_error", message: "The batch must hold 1 to 100 e-mails." });
        return;
      }
      // A key already answered: the same answer, and no e-mail sent a second time; but as
      // Resend, the key with a different body is refused (409 invalid_idempotent_request).
      const earlier = key ? answered.get(key) : undefined;
      if (earlier && earlier.body !== JSON.stringify(body)) {
        call(409, false);
        reply(409, {
          statusCode: 409,
          name: "invalid_idempotent_request",
          message: "Same idempotency key used with a different request payload. Change your idempotency key or payload.",
        });
        return;
      }
      if (earlier) {
        call(200, true);
        reply(200, earlier.answer);
        return;
      }
      if (failure) {
        call(failure.status, false);
        reply(failure.status, { statusCode: failure.status, name: failure.name, message: failure.message });
        return;
      }
      batches.push(body.length);
      for (const email of body)
        requests.push({ authorization: request.headers.authorization, body: email as FakeResendRequest["body"], batch: batches.length, idempotencyKey: key });
      const answer = { data: body.map(() => ({ id: `fake-resend-${String((next += 1)).padStart(4, "0")}` })) };
      if (key) answered.set(key, { body: JSON.stringify(body), answer });
      if (sendThenFail > 0) {
        sendThenFail -= 1;
        call(500, false);
        reply(500, { statusCode: 500, name: "internal_server_error", message: "The connection broke after the e-mails were accepted." });
        return;
      }
      call(200, false);
      reply(200, answer);
      return;
    }
    if (request.method !== "POST" || request.url !== "/emails") {
      reply(404, { statusCode: 404, name: "not_found", message: "The requested endpoint does not exist." });
      return;
    }
    const body = await readJson(request);
    if (!body || typeof body !== "object") {
      reply(422, { statusCode: 422, name: "validation_error", message: "Invalid JSON body." });
      return;
    }
    // As Resend: every attachment needs a filename and base64 content.
    const { attachments } = body as FakeResendRequest["body"];
    if (
      attachments !== undefined &&
      (!Array.isArray(attachments) || attachments.some((a) => !a?.filename || typeof a.content !== "string" || !/^[A-Za-z0-9+/]+=*$/.test(a.content)))
    ) {
      reply(422, { statusCode: 422, name: "validation_error", message: "Each attachment needs a filename and base64 content." });
      return;
    }
    requests.push({ authorization: request.headers.authorization, body: body as FakeResendRequest["body"] });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (failure) {
      reply(failure.status, { statusCode: failure.status, name: failure.name, message: failure.message });
      return;
    }
    next += 1;
    reply(200, { id: `fake-resend-${String(next).padStart(4, "0")}` });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    batches,
    batchCalls,
    failAfterSending(count) {
      sendThenFail = count;
    },
    failWith(next) {
      failure = next;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
