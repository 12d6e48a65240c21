import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/kernel/auth/auth.server";
import { documentFileResponse } from "~/features/site/documents.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { notFound } from "~/kernel/http/answers.server";

/** A member's document file (resource route): signed-in active members only, a PDF or photo shown inline and anything else a download, never cached by others. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const response = await documentFileResponse(context, params.id ?? "");
  if (!response) throw notFound(privateHeaders(), "Document not found");
  return response;
}
