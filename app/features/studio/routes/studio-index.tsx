import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { StudioIndex } from "~/features/studio/components/StudioIndex";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { studioPartsFor } from "~/features/studio/studio";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";

export const meta: MetaFunction = () => privatePageMeta("Website | Studio");

/** The website studio's front page (docs/requirements.md §7.1): the parts of the site, for editors and accountants. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireEditor(request, context);
  return data({ parts: studioPartsFor(user.role) }, { headers: privateHeaders() });
}

export default function Studio() {
  const { parts } = useLoaderData<typeof loader>();
  return <StudioIndex parts={parts} />;
}
