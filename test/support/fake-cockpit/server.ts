import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import { isPhpArray, truthy } from "./php";
import { FilterError, matches, project, sortDocs, type Doc } from "./query";
import { coerceBySchema, FieldTypeError, fieldsOf, phpJson } from "./schema";
import { saveSingleton } from "./singleton-save";
import { handleAssets, type FakeAsset } from "./assets";

/**
 * A local HTTP server speaking the part of Cockpit v1's REST API the site uses, as the real
 * one behaves (vendor/cockpit-v1/README.md): the token (a `token` parameter, then the `Cockpit-Token`
 * header, then `Authorization: Bearer`), collections/get with MongoLite's filters, sort,
 * limit/skip (skip ignored without limit), fields, simple and total, collections/save
 * (create with a 24-hex `_id` and `_created`/`_modified` in seconds, update as a shallow
 * merge answering only the fields sent, unknown `_id` → 404 with an empty body), values
 * coerced by the collections' field types as the real one does (fake-cockpit/schema.ts:
 * a create fills every field it did not get; keys outside the schema are stored as sent),
 * empty objects stored and answered as `[]`, collections/remove (417 without a filter,
 * `{success, count}`), singletons/get, forms/submit and forms/export, with Cockpit's status
 * codes and small bodies. test/integration/kernel/store/cockpit/fake-matches-real.test.ts holds these to
 * the real Cockpit v1 (vendor/cockpit-v1) in `npm run test:cockpit-real`.
 *
 * Not modelled: `required`, url/email/password fields (the site uses none), field defaults
 * (the launcher sets none), ACLs and custom keys (one master token), `populate`, `lang`,
 * sortable trees, assets, form mail, singletons' null fields before their first save.
 */

export type CockpitEntry = { _id: string; _created?: number; _modified?: number } & Record<string, unknown>;
/** A form submission as forms/export answers it. */
export type FormEntry = { data: Record<string, unknown>; _created: number; _modified: number; _id: string };

export interface FakeCockpitOptions {
  /** The API token; a random one when absent. */
  token?: string;
  /** Entries per collection. The old site's collections always exist (empty unless given). */
  collections?: Record<string, object[]>;
  /** Singleton data. The old site's singletons always exist (empty unless given). */
  singletons?: Record<string, object>;
  /** Form names accepted by forms/submit and forms/export (the old site's `contactus` always is). */
  forms?: string[];
  /** The port to listen on (0, the default: any free port). */
  port?: number;
  /** The interface to listen on (127.0.0.1 unless given). */
  host?: string;
}

export interface FakeCockpitRequest {
  method: string;
  /** The path with its query string, as received (e.g. "/api/collections/get/news"). */
  path: string;
  /** The parsed JSON body (or the raw text of any other body; undefined when empty). */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeCockpit {
  /** The API base to use as CMS_API_URL (ends in /api). */
  url: string;
  token: string;
  /** Live data: tests may read and change it between requests. */
  data: {
    collections: Record<string, CockpitEntry[]>;
    singletons: Record<string, Record<string, unknown>>;
    forms: Record<string, FormEntry[]>;
  };
  /** Cockpit's assets (uploads), with their bytes. */
  assets: FakeAsset[];
  /** Every request received, in order (including refused ones). */
  requests: FakeCockpitRequest[];
  /** The next `times` (default 1) requests are answered with `status` and `body` (default empty). */
  failNext(status: number, body?: string, times?: number): void;
  /** Wait this long before answering every request (0 to stop). */
  setDelay(ms: number): void;
  /** While on, every connection is reset before an answer (as a server that is down). */
  down(on: boolean): void;
  stop(): Promise<void>;
}

export const SPEC_COLLECTIONS = [
  "userlist",
  "membertransactions",
  "tickets",
  "documents",
  "officeBearers",
  "officeBearersHistory",
  "eventCalender",
  "gallery",
  "news",
  "homeBanner",
  // Ours, not the old site's (vendor/cockpit-v1/start.sh creates it too).
  "activity",
];
export const SPEC_SINGLETONS = ["general", "aboutUs", "aboutSchool"];
export const SPEC_FORMS = ["contactus"];

const now = () => Math.floor(Date.now() / 1000);

/** MongoLite's ids: 24 hex digits, time first. */
export function cockpitId(): string {
  return now().toString(16).padStart(8, "0").slice(-8) + randomBytes(8).toString("hex");
}

class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
const empty404 = () => new Answer(404, undefined);
const error = (status: number, message: string) => new Answer(status, { error: message });

export async function startFakeCockpit(options: FakeCockpitOptions = {}): Promise<FakeCockpit> {
  const token = options.token ?? `fake-cockpit-${randomBytes(12).toString("hex")}`;
  const collections: Record<string, CockpitEntry[]> = {};
  for (const name of SPEC_COLLECTIONS) collections[name] = [];
  for (const [name, entries] of Object.entries(options.collections ?? {})) collections[name] = entries.map(seedEntry);
  const singletons: Record<string, Record<string, unknown>> = {};
  for (const name of SPEC_SINGLETONS) singletons[name] = {};
  for (const [name, value] of Object.entries(options.singletons ?? {})) singletons[name] = structuredClone(value) as Record<string, unknown>;
  const forms: Record<string, FormEntry[]> = {};
  for (const name of [...SPEC_FORMS, ...(options.forms ?? [])]) forms[name] = [];
  const data = { collections, singletons, forms };
  const assets: FakeAsset[] = [];

  const requests: FakeCockpitRequest[] = [];
  const failures: Array<{ status: number; body: string }> = [];
  let delay = 0;
  let isDown = false;
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  server.on("connection", (socket) => {
    if (isDown) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (await handleAssets(req, res, assets, token)) return;
    const raw = await readBody(req);
    if (isDown) {
      req.socket.destroy();
      return;
    }
    const contentType = String(req.headers["content-type"] ?? "");
    let body: unknown = raw === "" ? undefined : raw;
    let jsonBody: Record<string, unknown> = {};
    if (contentType.includes("application/json") && raw !== "") {
      try {
        body = JSON.parse(raw);
        if (isPhpArray(body) && !Array.isArray(body)) jsonBody = body as Record<string, unknown>;
      } catch {
        // Cockpit ignores a body it cannot decode.
      }
    }
    requests.push({ method: req.method ?? "GET", path: req.url ?? "/", body, headers: { ...req.headers } });
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (isDown) {
      req.socket.destroy();
      return;
    }
    const failure = failures.shift();
    if (failure) {
      send(res, failure.status, failure.body, failure.body ? "application/json" : undefined);
      return;
    }
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const formBody = contentType.includes("application/x-www-form-urlencoded") ? parseQuery(new URLSearchParams(raw)) : {};
    const params = { ...parseQuery(url.searchParams), ...formBody, ...jsonBody };
    let answer: Answer;
    try {
      answer = route(url.pathname, params, req.headers);
    } catch (e) {
      answer =
        e instanceof FilterError
          ? new Answer(406, { error: true, message: "Oooops, something went wrong." })
          : e instanceof FieldTypeError
            ? error(412, e.message)
            : new Answer(500, { error: "500", message: "system error" });
    }
    send(res, answer.status, answer.body === undefined ? "" : JSON.stringify(answer.body), "application/json");
  }

  function route(pathname: string, params: Record<string, unknown>, headers: IncomingMessage["headers"]): Answer {
    if (!pathname.startsWith("/api/")) return empty404();
    if (!authorised(params, headers)) return error(401, "Unauthorized");
    const [module, action, ...args] = pathname.slice("/api/".length).split("/").map(decodeURIComponent);
    if (module === "collections") {
      if (action === "listCollections") return new Answer(200, Object.keys(data.collections));
      const name = args[0];
      if (!["get", "entries", "save", "remove", "entry", "collection"].includes(action ?? "")) return empty404();
      if (!name) return error(412, "Missing collection name");
      const entries = data.collections[name];
      if (!entries) return error(412, "Collection not found");
      if (action === "get" || action === "entries") return find(name, entries, params);
      if (action === "save") return save(name, entries, params);
      if (action === "remove") return remove(name, params);
      if (action === "collection") return new Answer(200, { name, label: name, fields: fieldsOf(name) });
      const found = entries.find((e) => e._id === args[1]);
      return found ? new Answer(200, found) : error(404, "Entry not found.");
    }
    if (module === "singletons" && action === "save") return ((r) => new Answer(r.status, r.body))(saveSingleton(data.singletons, args[0], params));
    if (module === "singletons" && action === "get") {
      const value = args[0] === undefined ? undefined : data.singletons[args[0]];
      if (!value) return empty404();
      if (args[1] !== undefined) return new Answer(200, value[args[1]] ?? null);
      return new Answer(200, value);
    }
    if (module === "forms" && (action === "submit" || action === "export")) {
      const stored = args[0] === undefined ? undefined : data.forms[args[0]];
      if (!stored) return empty404();
      // export: the form's entries in the order they came (master key only, which ours is).
      if (action === "export") return new Answer(200, structuredClone(stored));
      // `if ($data = $this->param('form', false))`: an empty form is no form.
      const form = phpJson(params.form);
      if (!isPhpArray(form) || Array.isArray(form)) return empty404();
      const at = now();
      stored.push({ data: structuredClone(form), _modified: at, _created: at, _id: cockpitId() });
      return new Answer(200, form);
    }
    return empty404();
  }

  /** rest-api.php L29: the `token` parameter wins, then the header, then Bearer. */
  function authorised(params: Record<string, unknown>, headers: IncomingMessage["headers"]): boolean {
    let given: unknown = params.token;
    if (given === undefined || given === "") given = headers["cockpit-token"];
    if (given === undefined || given === "") {
      const match = /^Bearer\s+(.+)$/i.exec(String(headers.authorization ?? ""));
      given = match?.[1];
    }
    return typeof given === "string" && given === token;
  }

  function find(name: string, entries: CockpitEntry[], params: Record<string, unknown>): Answer {
    const filter = jsonParam(params.filter);
    const limit = intParam(params.limit);
    const skip = intParam(params.skip);
    let found = sortDocs(
      entries.filter((e) => matches(e, filter)),
      jsonParam(params.sort),
    );
    const count = found.length;
    // MongoLite's Cursor: skip only applies together with a limit.
    if (limit) found = found.slice(skip || 0, (skip || 0) + limit);
    const out = found.map((e) => project(structuredClone(e), jsonParam(params.fields)));
    if (params.simple === true || params.simple === "1" || params.simple === 1) return new Answer(200, out);
    const fields = fieldsOf(name);
    // A collection without fields answers `"fields": []` (an empty PHP array).
    return new Answer(200, {
      fields: fields.length ? Object.fromEntries(fields.map((f) => [f.name, f])) : [],
      entries: out,
      total: limit || skip ? count : out.length,
    });
  }

  function save(name: string, entries: CockpitEntry[], params: Record<string, unknown>): Answer {
    const payload = params.data;
    if (!isPhpArray(payload)) return empty404();
    const one = (item: unknown): Doc | false => {
      if (!isPhpArray(item) || Array.isArray(item)) return false;
      // isset($entry['_id']) decides, before any coercion: even "" means an update.
      const isUpdate = (item as Doc)._id !== undefined && (item as Doc)._id !== null;
      const entry = phpJson(coerceBySchema(name, item as Doc, isUpdate));
      const at = now();
      if (!isUpdate) {
        delete entry._id;
        const created = { ...entry, _modified: at, _created: at, _by: null, _id: cockpitId() } as CockpitEntry;
        entries.push(created);
        return structuredClone(created);
      }
      const stored = entries.find((e) => e._id === String((item as Doc)._id));
      if (!stored) return false;
      const sent = { ...entry, _id: stored._id, _modified: at, _by: null };
      Object.assign(stored, structuredClone(sent));
      return sent;
    };
    if (Array.isArray(payload)) {
      const results = payload.map(one);
      const result = results.length === 1 ? results[0] : results;
      return result === false ? empty404() : new Answer(200, result);
    }
    const result = one(payload);
    return result === false ? empty404() : new Answer(200, result);
  }

  function remove(name: string, params: Record<string, unknown>): Answer {
    let filter = jsonParam(params.filter);
    if (!truthy(filter)) return error(417, "Please provide a collection name and filter");
    // The controller's single-entry cases: a string is an id, and a filter with `_id` keeps only that.
    if (typeof filter === "string") filter = { _id: filter };
    else if (isPhpArray(filter) && (filter as Doc)._id !== undefined && (filter as Doc)._id !== null) filter = { _id: (filter as Doc)._id };
    const entries = data.collections[name] ?? [];
    const count = truthy(params.count) ? entries.filter((e) => matches(e, filter)).length : false;
    // In place, so a test's reference to the collection stays live.
    for (let i = entries.length - 1; i >= 0; i--) if (matches(entries[i]!, filter)) entries.splice(i, 1);
    return new Answer(200, { success: true, count });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}/api`,
    token,
    data,
    assets,
    requests,
    failNext(status, body = "", times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status, body });
    },
    setDelay(ms) {
      delay = ms;
    },
    down(on) {
      isDown = on;
      if (on) for (const socket of sockets) socket.destroy();
    },
    stop() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function seedEntry(entry: object): CockpitEntry {
  const copy = structuredClone(entry) as Doc;
  const at = now();
  // As start.sh --load inserts: as given (no coercion), through PHP's JSON (`{}` → `[]`).
  return phpJson({
    ...copy,
    _id: typeof copy._id === "string" ? copy._id : cockpitId(),
    _created: copy._created ?? at,
    _modified: copy._modified ?? copy._created ?? at,
  }) as CockpitEntry;
}

/** sort, fields and filter may arrive as JSON text (a GET query string). */
function jsonParam(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function intParam(value: unknown): number {
  const n = Number.parseInt(String(value ?? 0), 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** PHP's query parsing: `filter[published]=true` nests; only top-level "true"/"false" become booleans. */
export function parseQuery(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of search) {
    const path = key.replace(/\]/g, "").split("[");
    if (path.length === 1) {
      out[key] = value === "true" ? true : value === "false" ? false : value;
      continue;
    }
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
      } else {
        if (!isPhpArray(node[part])) node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: string, contentType?: string) {
  if (res.destroyed) return;
  const headers: Record<string, string> = {};
  if (contentType && body) headers["Content-Type"] = contentType;
  res.writeHead(status, headers);
  res.end(body);
}
