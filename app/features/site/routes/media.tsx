import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { photoKeyFromSplat } from "~/kernel/media/photo-renditions";
import { publicHeaders } from "~/kernel/http/response-headers";
import { notFound } from "~/kernel/http/answers.server";

/**
 * Photos uploaded in the studio and their renditions (ADR 40), public: only keys under one
 * photo's folder (photos/<id>/<file>); members' documents stay behind /documents/:id. Keys
 * are generated and never reused, so a file may be cached for good. Stored content type
 * (set from the sniffed type, never the upload's word) and nosniff.
 */
const A_YEAR_SECONDS = 31536000;

/** A photo that is not there (yet): plain text, and asked for again within a minute. */
const noSuchPhoto = () => notFound({ "Content-Type": "text/plain; charset=utf-8", ...publicHeaders(60) }, "Not found");

export async function loader({ params, context }: LoaderFunctionArgs) {
  const key = photoKeyFromSplat(params["*"] ?? "");
  const bucket = context.env.MEDIA;
  if (!key || !bucket) return noSuchPhoto();
  const object = await bucket.get(key);
  if (!object) return noSuchPhoto();
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Length": String(object.size),
      ...publicHeaders(A_YEAR_SECONDS, { immutable: true }),
      ETag: object.httpEtag,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
