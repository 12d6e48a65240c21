import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { demoSettings } from "../../seed/demo-content";

/**
 * A local HTTP server speaking the part of Stripe's API the site calls, faithfully
 * enough for the real `stripe` SDK: create and retrieve Checkout Sessions (form-encoded
 * bodies with Stripe's brackets, Bearer keys, Stripe's error JSON, idempotent replays).
 * Start it, then run the worker with STRIPE_SECRET_KEY = fake.secretKey,
 * STRIPE_API_URL = fake.url and STRIPE_WEBHOOK_SECRET = fake.webhookSecret
 * (startSeededServer({ vars: fake.vars })). Paying is a test's call to `complete(id)`;
 * `signedEvent` builds the webhook Stripe would then send.
 */

export interface FakePrice {
  /** Pence. */
  unit_amount: number;
  currency?: string;
}

export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  url: string | null;
  mode: string;
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  success_url: string | null;
  cancel_url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Set when the session is paid: the payment a refund is made against. */
  payment_intent?: string | null;
}

/** A refund as Stripe's API returns it (POST /v1/refunds). */
export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

export interface FakeLineItem {
  /** The price id, or `price_data:<product name>` for a one-off price. */
  price: string;
  quantity: number;
  /** Pence: unit_amount × quantity. */
  amount_total: number;
}

export interface FakeStripeError {
  type: "api_error" | "card_error" | "idempotency_error" | "invalid_request_error" | "rate_limit_error" | "authentication_error";
  message: string;
  code?: string;
  param?: string;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The form body decoded into objects and arrays as Stripe reads it. */
  params: Record<string, unknown>;
}

export interface FakeStripe {
  /** The API base to give the worker as STRIPE_API_URL. */
  url: string;
  /** The key the fake accepts (Authorization: Bearer ...). */
  secretKey: string;
  /** The secret `signedEvent` signs with; give it to the worker as STRIPE_WEBHOOK_SECRET. */
  webhookSecret: string;
  /** STRIPE_SECRET_KEY, STRIPE_API_URL and STRIPE_WEBHOOK_SECRET for startSeededServer({ vars }). */
  vars: { STRIPE_SECRET_KEY: string; STRIPE_API_URL: string; STRIPE_WEBHOOK_SECRET: string };
  /** price id → amount; replace or extend it at any time. */
  prices: Record<string, FakePrice>;
  /** Every request received, oldest first (including ones answered with an error). */
  requests: FakeStripeRequest[];
  /** Sessions by id, as the API would return them. */
  readonly sessions: ReadonlyMap<string, FakeCheckoutSession>;
  /** Each session's line items (Stripe keeps them in a separate list, not on the session). */
  lineItems(id: string): FakeLineItem[];
  /** Every refund made, oldest first (through the API or `dashboardRefund`). */
  readonly refunds: FakeRefund[];
  /**
   * Someone refunded in Stripe's dashboard: a refund without our metadata. Returns the
   * charge as the `charge.refunded` event carries it (give it to `signedEvent`).
   */
  dashboardRefund(sessionId: string, amount: number): Record<string, unknown>;
  /** The charge of a paid session as `charge.refunded` carries it, with its refunds. */
  charge(sessionId: string): Record<string, unknown>;
  /** The payer paid: payment_status "paid", status "complete". */
  complete(id: string): FakeCheckoutSession;
  /** The session expired unpaid: status "expired", url null. */
  expire(id: string): FakeCheckoutSession;
  /**
   * Answer the next `times` API requests (not the /pay pages) with this error. The SDK
   * retries a 5xx or a dropped connection once: use times 2 to make a call fail.
   */
  failNextWith(status: number, error: FakeStripeError, options?: { times?: number; shouldRetry?: boolean }): void;
  /** Drop the connection of the next `times` API requests without an answer (Stripe unreachable mid-call). */
  dropNext(times?: number): void;
  /** A webhook request as Stripe would send it for this session, signed with `secret` (default: webhookSecret). */
  signedEvent(
    type: string,
    session: FakeCheckoutSession | Record<string, unknown>,
    secret?: string,
    options?: { timestamp?: number },
  ): { payload: string; header: string };
  stop(): Promise<void>;
}

/** The demo's price ids (seed/demo-content.ts) with the amounts the site expects them to charge. */
export function demoPrices(year = new Date().getUTCFullYear()): Record<string, FakePrice> {
  const { membership: m, tickets: t } = demoSettings(year);
  const table: [string, number][] = [
    [m.familyRegProduct, m.familyRegFee + m.familyRenewFee],
    [m.familyOnlyRegProduct, m.familyRegFee],
    [m.familyRenewProduct, m.familyRenewFee],
    [m.singleRegProduct, m.singleRegFee + m.singleRenewFee],
    [m.singleOnlyRegProduct, m.singleRegFee],
    [m.singleRenewProduct, m.singleRenewFee],
    [t.familyPriceId, t.familyPrice],
    [t.singlePriceId, t.singlePrice],
    [t.christmasAdultPriceId, t.christmasAdultPrice],
    [t.christmasAbove13PriceId, t.christmasAbove13Price],
    [t.christmasKidsPriceId, t.christmasKidsPrice],
  ];
  return Object.fromEntries(table.map(([id, amount]) => [id, { unit_amount: amount, currency: "gbp" }]));
}

/**
 * Stripe's form encoding (`line_items[0][price]=x&metadata[k]=v&expand[]=y`) back into
 * objects and arrays: objects whose keys are all indexes become arrays, in index order.
 * A name with stray brackets (Stripe refuses `[` and `]` in metadata keys) throws.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw new Error(`Invalid parameter name: ${key}`);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      // `[]` appends: give it the next free index.
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (last) {
        node[name] = value;
      } else {
        const child = node[name];
        node = (node[name] = typeof child === "object" && child !== null ? child : {}) as Record<string, unknown>;
      }
    });
  }
  return arrayify(root) as Record<string, unknown>;
}

function arrayify(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arrayify(v)] as const);
  const isList = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (isList) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: FakeStripeError,
  ) {
    super(error.message);
  }
}

const invalid = (message: string, param: string, code = "parameter_missing") => new RequestError(400, { type: "invalid_request_error", code, message, param });

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

export async function startFakeStripe(options: { prices?: Record<string, FakePrice>; secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_fake_${randomBytes(8).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_fake_${randomBytes(16).toString("hex")}`;
  const sessions = new Map<string, FakeCheckoutSession>();
  const lineItemsById = new Map<string, FakeLineItem[]>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const requests: FakeStripeRequest[] = [];
  const failures: { status: number; error: FakeStripeError; shouldRetry?: boolean }[] = [];
  let drops = 0;
  let baseUrl = "";
  let eventCount = 0;

  let prices = options.prices ?? demoPrices();

  function createSession(params: Record<string, unknown>): FakeCheckoutSession {
    const mode = text(params.mode);
    if (!mode) throw invalid("Missing required param: mode.", "mode");
    if (!["payment", "setup", "subscription"].includes(mode))
      throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, "mode", "parameter_invalid_string");
    const successUrl = text(params.success_url);
    if (!successUrl) throw invalid("Missing required param: success_url.", "success_url");
    const cancelUrl = text(params.cancel_url);
    for (const [param, value] of [
      ["success_url", successUrl],
      ["cancel_url", cancelUrl],
    ] as const) {
      if (value !== null && !/^https?:\/\/[^\s]+$/.test(value)) throw invalid(`Not a valid URL`, param, "url_invalid");
    }
    const rawItems = params.line_items;
    if (!Array.isArray(rawItems) || rawItems.length === 0) throw invalid("Missing required param: line_items.", "line_items");
    const lineItems = rawItems.map((raw, i) => {
      const item = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
      const quantity = Number(item.quantity);
      // A one-off price (price_data: currency, unit_amount, product_data[name]), as Stripe takes it: a donation's.
      if (item.price_data !== undefined) {
        const data = (typeof item.price_data === "object" && item.price_data !== null ? item.price_data : {}) as Record<string, unknown>;
        const currency = text(data.currency);
        if (!currency) throw invalid(`Missing required param: line_items[${i}][price_data][currency].`, `line_items[${i}][price_data][currency]`);
        const unitAmount = Number(data.unit_amount);
        if (!Number.isInteger(unitAmount) || unitAmount < 0)
          throw invalid("Invalid integer", `line_items[${i}][price_data][unit_amount]`, "parameter_invalid_integer");
        const product = (typeof data.product_data === "object" && data.product_data !== null ? data.product_data : {}) as Record<string, unknown>;
        if (!text(product.name))
          throw invalid(`Missing required param: line_items[${i}][price_data][product_data][name].`, `line_items[${i}][price_data][product_data][name]`);
        if (!Number.isInteger(quantity) || quantity < 1) throw invalid("Invalid positive integer", `line_items[${i}][quantity]`, "parameter_invalid_integer");
        return { price: `price_data:${text(product.name)}`, quantity, amount_total: unitAmount * quantity, currency };
      }
      const priceId = text(item.price);
      if (!priceId) throw invalid(`Missing required param: line_items[${i}][price].`, `line_items[${i}][price]`);
      const price = prices[priceId];
      if (!price) throw invalid(`No such price: '${priceId}'`, `line_items[${i}][price]`, "resource_missing");
      if (!Number.isInteger(quantity) || quantity < 1) throw invalid("Invalid positive integer", `line_items[${i}][quantity]`, "parameter_invalid_integer");
      return { price: priceId, quantity, amount_total: price.unit_amount * quantity, currency: price.currency ?? "gbp" };
    });
    const currencies = new Set(lineItems.map((item) => item.currency));
    if (currencies.size > 1) throw invalid("All prices must be in the same currency.", "line_items", "parameter_invalid_string");
    const metadata: Record<string, string> = {};
    if (params.metadata !== undefined) {
      if (typeof params.metadata !== "object" || params.metadata === null || Array.isArray(params.metadata))
        throw invalid("Invalid metadata", "metadata", "parameter_invalid_string");
      for (const [key, value] of Object.entries(params.metadata)) metadata[key] = String(value);
    }
    const clientReferenceId = text(params.client_reference_id);
    if (clientReferenceId && clientReferenceId.length > 200)
      throw invalid("client_reference_id must be at most 200 characters", "client_reference_id", "parameter_invalid_string");
    const id = `cs_test_${randomBytes(24).toString("base64url").replace(/[-_]/g, "0")}`;
    const created = Math.floor(Date.now() / 1000);
    const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      url: `${baseUrl}/pay/${id}`,
      mode,
      payment_status: "unpaid",
      status: "open",
      client_reference_id: clientReferenceId,
      customer_email: text(params.customer_email),
      metadata,
      amount_subtotal: total,
      amount_total: total,
      currency: [...currencies][0]!,
      success_url: successUrl,
      cancel_url: cancelUrl,
      created,
      expires_at: created + 24 * 60 * 60,
      livemode: false,
      payment_intent: null,
    };
    sessions.set(id, session);
    lineItemsById.set(
      id,
      lineItems.map(({ price, quantity, amount_total }) => ({ price, quantity, amount_total })),
    );
    return session;
  }

  function getSession(id: string): FakeCheckoutSession {
    const session = sessions.get(id);
    if (!session)
      throw new RequestError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such checkout.session: '${id}'`, param: "session" });
    return session;
  }

  const refunds: FakeRefund[] = [];

  function sessionOfPayment(paymentIntent: string): FakeCheckoutSession | undefined {
    return [...sessions.values()].find((session) => session.payment_intent === paymentIntent);
  }

  function makeRefund(session: FakeCheckoutSession, amount: number, metadata: Record<string, string>): FakeRefund {
    const refunded = refunds.filter((r) => r.payment_intent === session.payment_intent).reduce((sum, r) => sum + r.amount, 0);
    if (amount > session.amount_total - refunded)
      throw invalid(`Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`, "amount", "amount_too_large");
    const refund: FakeRefund = {
      id: `re_test_${randomBytes(12).toString("hex")}`,
      object: "refund",
      amount,
      currency: session.currency,
      payment_intent: session.payment_intent!,
      charge: chargeId(session),
      status: "succeeded",
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    return refund;
  }

  const chargeId = (session: FakeCheckoutSession) => `ch_${session.payment_intent!.slice(3)}`;

  // POST /v1/refunds: Stripe's rules that matter here: a paid payment intent, at most what is left unrefunded.
  function createRefund(params: Record<string, unknown>): FakeRefund {
    const paymentIntent = text(params.payment_intent);
    if (!paymentIntent) throw invalid("Missing required param: payment_intent.", "payment_intent");
    const session = sessionOfPayment(paymentIntent);
    if (!session)
      throw new RequestError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such payment_intent: '${paymentIntent}'`,
        param: "payment_intent",
      });
    const amount = params.amount === undefined ? session.amount_total : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) throw invalid("Invalid positive integer", "amount", "parameter_invalid_integer");
    const metadata: Record<string, string> = {};
    if (typeof params.metadata === "object" && params.metadata !== null) for (const [k, v] of Object.entries(params.metadata)) metadata[k] = String(v);
    return makeRefund(session, amount, metadata);
  }

  function chargeOf(session: FakeCheckoutSession): Record<string, unknown> {
    const mine = refunds.filter((r) => r.payment_intent === session.payment_intent);
    const refunded = mine.reduce((sum, r) => sum + r.amount, 0);
    return {
      id: chargeId(session),
      object: "charge",
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: refunded,
      currency: session.currency,
      paid: true,
      payment_intent: session.payment_intent,
      refunded: refunded >= session.amount_total,
      metadata: {},
      refunds: { object: "list", data: [...mine].reverse(), has_more: false, url: `/v1/charges/${chargeId(session)}/refunds` },
      livemode: false,
    };
  }

  function answerApi(method: string, path: string, params: Record<string, unknown>): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/checkout/sessions") return { status: 200, body: createSession(params) };
    if (method === "POST" && path === "/v1/refunds") return { status: 200, body: createRefund(params) };
    if (method === "GET" && path === "/v1/refunds") {
      const paymentIntent = text(params.payment_intent);
      const data = refunds.filter((refund) => !paymentIntent || refund.payment_intent === paymentIntent).reverse();
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/refunds" } };
    }
    if (method === "GET" && path === "/v1/checkout/sessions") {
      // list, filtered by payment_intent (how a charge is matched back to its session)
      const paymentIntent = text(params.payment_intent);
      const data = [...sessions.values()].filter((session) => !paymentIntent || session.payment_intent === paymentIntent);
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/checkout/sessions" } };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && match) return { status: 200, body: getSession(decodeURIComponent(match[1]!)) };
    throw new RequestError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function payPage(session: FakeCheckoutSession): string {
    const rows = (lineItemsById.get(session.id) ?? [])
      .map((item) => `<li>${escapeHtml(item.price)} × ${item.quantity}: ${(item.amount_total / 100).toFixed(2)}</li>`)
      .join("");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body><main><h1>Fake Stripe Checkout</h1><p>${escapeHtml(session.customer_email ?? "")}</p><ul>${rows}</ul><p>Total: ${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</p><form method="post"><button type="submit">Pay</button></form>${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ""}</main></body></html>`;
  }

  function handlePay(request: IncomingMessage, response: ServerResponse, id: string) {
    const session = sessions.get(id);
    if (!session || session.status !== "open") {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
      response.end("This checkout session is not open.");
      return;
    }
    if (request.method === "POST") {
      const paid = complete(id);
      response.writeHead(303, { Location: (paid.success_url ?? "/").replace("{CHECKOUT_SESSION_ID}", paid.id) });
      response.end();
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(payPage(session));
  }

  const server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${randomBytes(7).toString("hex")}`, ...headers });
      response.end(JSON.stringify(body, null, 2));
    };
    const url = new URL(request.url ?? "/", "http://fake");
    const method = request.method ?? "GET";
    const body = await readBody(request);
    const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (pay) {
      handlePay(request, response, decodeURIComponent(pay[1]!));
      return;
    }
    let params: Record<string, unknown>;
    try {
      params = parseStripeForm(method === "GET" ? url.search.slice(1) : body);
    } catch (error) {
      reply(400, { error: { type: "invalid_request_error", message: (error as Error).message } });
      return;
    }
    const idempotencyKey = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : undefined;
    requests.push({ method, path: url.pathname, authorization: request.headers.authorization, idempotencyKey, params });

    if (drops > 0) {
      drops -= 1;
      request.socket.destroy();
      return;
    }
    const failure = failures.shift();
    if (failure) {
      const headers: Record<string, string> = failure.shouldRetry === undefined ? {} : { "Stripe-Should-Retry": String(failure.shouldRetry) };
      reply(failure.status, { error: failure.error }, headers);
      return;
    }
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      const message = given
        ? `Invalid API Key provided: ${given.slice(0, 8)}${"*".repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      reply(401, { error: { type: "invalid_request_error", message } });
      return;
    }
    // Stripe replays the first answer to a POST with the same Idempotency-Key (the SDK's retries send one).
    const replayKey = method === "POST" && idempotencyKey ? `${url.pathname} ${idempotencyKey}` : null;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) {
      reply(replay.status, replay.body, { "Idempotent-Replayed": "true", "Idempotency-Key": idempotencyKey! });
      return;
    }
    let answer: { status: number; body: unknown };
    try {
      answer = answerApi(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      answer = { status: error.status, body: { error: error.error } };
    }
    if (replayKey) replays.set(replayKey, answer);
    reply(answer.status, answer.body);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  const signer = new Stripe(secretKey);

  function complete(id: string): FakeCheckoutSession {
    const session = getSession(id);
    if (session.status === "expired") throw new Error(`Fake Stripe: ${id} has expired and cannot be paid`);
    Object.assign(session, {
      payment_status: "paid",
      status: "complete",
      url: null,
      payment_intent: session.payment_intent ?? `pi_test_${randomBytes(12).toString("hex")}`,
    });
    return session;
  }

  return {
    url: baseUrl,
    secretKey,
    webhookSecret,
    vars: { STRIPE_SECRET_KEY: secretKey, STRIPE_API_URL: baseUrl, STRIPE_WEBHOOK_SECRET: webhookSecret },
    get prices() {
      return prices;
    },
    set prices(next) {
      prices = next;
    },
    requests,
    sessions,
    refunds,
    dashboardRefund(sessionId, amount) {
      const session = getSession(sessionId);
      if (!session.payment_intent) throw new Error(`Fake Stripe: ${sessionId} is not paid`);
      makeRefund(session, amount, {});
      return chargeOf(session);
    },
    charge: (sessionId) => chargeOf(getSession(sessionId)),
    lineItems: (id) => lineItemsById.get(id) ?? [],
    complete,
    expire(id) {
      const session = getSession(id);
      if (session.status === "complete") throw new Error(`Fake Stripe: ${id} is complete and cannot expire`);
      Object.assign(session, { status: "expired", url: null });
      return session;
    },
    failNextWith(status, error, { times = 1, shouldRetry } = {}) {
      for (let i = 0; i < times; i += 1) failures.push({ status, error, shouldRetry });
    },
    dropNext(times = 1) {
      drops += times;
    },
    signedEvent(type, session, secret = webhookSecret, { timestamp } = {}) {
      eventCount += 1;
      const created = timestamp ?? Math.floor(Date.now() / 1000);
      const payload = JSON.stringify(
        {
          id: `evt_test_${String(eventCount).padStart(6, "0")}${randomBytes(6).toString("hex")}`,
          object: "event",
          api_version: Stripe.API_VERSION,
          created,
          data: { object: session },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        },
        null,
        2,
      );
      const header = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: created });
      return { payload, header };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
