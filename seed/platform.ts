import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { DEFAULT_PERSIST_TO, ROOT } from "../scripts/lib";

/**
 * The local D1 database and R2 bucket (MEDIA) that `wrangler dev --persist-to <persistTo>`
 * serves, opened from Node, and Miniflare's local Images binding (IMAGES) that makes photo
 * renditions there (npm run seed -- --photos).
 */
export async function openLocalPlatform(persistTo = DEFAULT_PERSIST_TO) {
  const proxy = await getPlatformProxy<{ DB: D1Database; MEDIA: R2Bucket; IMAGES: ImagesBinding }>({
    configPath: path.join(ROOT, "wrangler.toml"),
    environment: "development",
    persist: { path: path.join(persistTo, "v3") },
  });
  return { db: proxy.env.DB, media: proxy.env.MEDIA, images: proxy.env.IMAGES, dispose: () => proxy.dispose() };
}

/** The local D1 database that `wrangler dev --persist-to <persistTo>` serves, opened from Node. */
export async function openLocalD1(persistTo = DEFAULT_PERSIST_TO) {
  return openLocalPlatform(persistTo);
}
