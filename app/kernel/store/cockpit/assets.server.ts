import { StoreUnavailableError } from "~/kernel/store/errors";

/**
 * Cockpit v1's own assets (ADR 47), through its API with the token (server side only):
 * `cockpit/addAssets` (multipart `files[]`) answers `{uploaded, failed, assets: [{_id, path, mime, …}]}`
 * with `path` relative to storage/uploads ("/YYYY/MM/DD/<name>_uid_<uid>.<ext>");
 * `cockpit/assets` lists them (a MongoLite filter); `cockpit/removeAssets` deletes the records
 * and their files. Seen on the real Cockpit (vendor/cockpit-v1/README.md §13).
 */

export interface CockpitAsset {
  _id: string;
  /** Relative to storage/uploads, with a leading slash. */
  path: string;
  mime?: string;
}

export interface CockpitAssets {
  /** Uploads one file under `name` (Cockpit keeps the name's stem and extension, adding a unique suffix). */
  upload(bytes: Uint8Array, name: string, mime: string): Promise<CockpitAsset>;
  /** The assets whose path holds `fragment` (a generated name: at most one). */
  findByName(fragment: string): Promise<CockpitAsset[]>;
  remove(ids: readonly string[]): Promise<void>;
}

/** Uploads carry up to 25 MB to the CMS: more time than a read. */
const UPLOAD_TIMEOUT_MS = 30_000;
const CALL_TIMEOUT_MS = 4000;

/** What an image field of Cockpit's editor stores as `path` for an asset: "/storage/uploads" and the asset's path. */
export const imageFieldPath = (asset: Pick<CockpitAsset, "path">) => `/storage/uploads/${asset.path.replace(/^\/+/, "")}`;
/** What a file field of Cockpit's editor stores: the same without the leading slash. */
export const fileFieldPath = (asset: Pick<CockpitAsset, "path">) => imageFieldPath(asset).slice(1);

export function createCockpitAssets(options: { baseUrl: string; token: string; fetch?: typeof fetch }): CockpitAssets {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;

  async function call<T>(action: string, body: BodyInit, json: boolean, timeoutMs: number): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json", "Cockpit-Token": options.token };
    if (json) headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      response = await doFetch(`${base}/cockpit/${action}`, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new StoreUnavailableError(`Cockpit could not be reached for cockpit/${action}`, { cause: error });
    }
    const text = await response.text();
    if (!response.ok) throw new StoreUnavailableError(`Cockpit answered cockpit/${action} with ${response.status}`, { status: response.status });
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new StoreUnavailableError(`Cockpit answered cockpit/${action} with something that is not JSON`, { status: response.status, cause: error });
    }
  }

  return {
    async upload(bytes, name, mime) {
      const form = new FormData();
      form.append("files[]", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime }), name);
      const answer = await call<{ assets?: CockpitAsset[]; failed?: unknown[] }>("addAssets", form, false, UPLOAD_TIMEOUT_MS);
      const asset = answer.assets?.[0];
      if (!asset || typeof asset._id !== "string" || typeof asset.path !== "string")
        throw new StoreUnavailableError(`Cockpit did not store the upload ${name}`, { status: 502 });
      return asset;
    },
    async findByName(fragment) {
      const escaped = fragment.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      const answer = await call<{ assets?: CockpitAsset[] }>("assets", JSON.stringify({ filter: { path: { $regex: escaped } } }), true, CALL_TIMEOUT_MS);
      return (answer.assets ?? []).filter((a) => typeof a._id === "string" && typeof a.path === "string" && a.path.includes(fragment));
    },
    async remove(ids) {
      if (!ids.length) return;
      await call("removeAssets", JSON.stringify({ assets: ids.map((_id) => ({ _id })) }), true, CALL_TIMEOUT_MS);
    },
  };
}
