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
  };
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
  /** How many e-mails each POST /emails/batch carried, oldest first. */
  batches: number[];
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
      if (!Array.isArray(body) || body.length === 0 || body.length > 100) {
        reply(422, { statusCode: 422, name: "validation_error", message: "The batch must hold 1 to 100 e-mails." });
        return;
      }
      batches.push(body.length);
      for (const email of body)
        requests.push({ authorization: request.headers.authorization, body: email as FakeResendRequest["body"], batch: batches.length });
      if (failure) {
        reply(failure.status, { statusCode: failure.status, name: failure.name, message: failure.message });
        return;
      }
      reply(200, { data: body.map(() => ({ id: `fake-resend-${String((next += 1)).padStart(4, "0")}` })) });
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
    failWith(next) {
      failure = next;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
