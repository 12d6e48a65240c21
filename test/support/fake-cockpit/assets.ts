import type { IncomingMessage, ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";

/**
 * The fake's assets, as the real Cockpit v1 answers them (vendor/cockpit-v1/README.md §13, ADR 47):
 * `POST /api/cockpit/addAssets` (multipart `files[]`) stores each file as
 * "/YYYY/MM/DD/<name>_uid_<13 hex>.<ext>" and answers `{uploaded, failed, assets}`;
 * `cockpit/assets` lists them (a `path` `$regex` filter is enough for the site);
 * `cockpit/removeAssets` takes `{assets: [{_id}]}` and answers the removed assets; and the
 * files are served to anyone at `/storage/uploads/<path>` (Cockpit's uploads folder is public).
 */

export interface FakeAsset {
  _id: string;
  path: string;
  title: string;
  mime: string;
  size: number;
  image: boolean;
  created: number;
  bytes: Buffer;
}

const publicAsset = ({ bytes: _bytes, ...asset }: FakeAsset) => asset;

function readRaw(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function answer(res: ServerResponse, status: number, body: unknown, type = "application/json") {
  const text = body instanceof Buffer ? body : Buffer.from(body === undefined ? "" : JSON.stringify(body));
  res.writeHead(status, { "Content-Type": type, "Content-Length": String(text.length) });
  res.end(text);
}

/** Handles the assets' requests; false for any other request (then the body is still unread). */
export async function handleAssets(req: IncomingMessage, res: ServerResponse, assets: FakeAsset[], token: string): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://fake.invalid");
  if (url.pathname.startsWith("/storage/uploads/")) {
    const found = assets.find((a) => `/storage/uploads${a.path}` === decodeURIComponent(url.pathname));
    if (!found) answer(res, 404, { error: "Not found" });
    else answer(res, 200, found.bytes, found.mime);
    return true;
  }
  if (!url.pathname.startsWith("/api/cockpit/")) return false;
  const raw = await readRaw(req);
  const given = String(req.headers["cockpit-token"] ?? url.searchParams.get("token") ?? "");
  if (given !== token) {
    answer(res, 401, { error: "Unauthorized" });
    return true;
  }
  const action = url.pathname.slice("/api/cockpit/".length);
  const contentType = String(req.headers["content-type"] ?? "");
  const json = () => (contentType.includes("application/json") && raw.length ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : {});
  if (action === "addAssets") {
    const form = await new Request("http://fake.invalid/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(raw) }).formData();
    const uploaded: string[] = [];
    const stored: FakeAsset[] = [];
    for (const value of form.getAll("files[]")) {
      if (typeof value === "string") continue;
      const dot = value.name.lastIndexOf(".");
      const stem = (dot > 0 ? value.name.slice(0, dot) : value.name).replace(/[^a-zA-Z0-9-_.]/g, "");
      const ext = dot > 0 ? value.name.slice(dot + 1) : "";
      const day = new Date().toISOString().slice(0, 10).replace(/-/g, "/");
      const bytes = Buffer.from(await value.arrayBuffer());
      const asset: FakeAsset = {
        _id: randomBytes(12).toString("hex"),
        path: `/${day}/${stem}_uid_${randomBytes(7).toString("hex").slice(0, 13)}.${ext}`,
        title: value.name,
        mime: value.type || "application/octet-stream",
        size: bytes.length,
        image: /\.(jpg|jpeg|png|gif|svg|webp)$/i.test(value.name),
        created: Math.floor(Date.now() / 1000),
        bytes,
      };
      assets.push(asset);
      stored.push(asset);
      uploaded.push(value.name);
    }
    answer(res, 200, { uploaded, failed: [], assets: stored.map(publicAsset) });
    return true;
  }
  if (action === "assets") {
    const filter = json().filter as { path?: { $regex?: string } } | undefined;
    const pattern = filter?.path?.$regex;
    const found = pattern === undefined ? assets : assets.filter((a) => new RegExp(pattern, "iu").test(a.path));
    answer(res, 200, { assets: found.map(publicAsset), total: found.length });
    return true;
  }
  if (action === "removeAssets") {
    const wanted = json().assets;
    if (!Array.isArray(wanted)) {
      answer(res, 200, false);
      return true;
    }
    const removed: FakeAsset[] = [];
    for (const item of wanted as Array<{ _id?: string }>) {
      const index = assets.findIndex((a) => a._id === item._id);
      if (index >= 0) removed.push(...assets.splice(index, 1));
    }
    answer(res, 200, removed.map(publicAsset));
    return true;
  }
  answer(res, 404, undefined);
  return true;
}
