import { useLoaderData } from "@remix-run/react";
import type { FormReply } from "~/kernel/forms";
import { INFO_PAGES, type InfoPageScreen as Screen } from "~/features/studio/studio-info-pages";
import type { PageScreenData } from "~/features/studio/studio-pages";
import { InfoPageForm } from "./InfoPageForm";

/** The page of /studio/about and /studio/school: the route's loader data and its action's reply (read by the route) in the page's form. */
export function InfoPageScreen({ screen, reply }: { screen: Screen; reply: FormReply | undefined }) {
  const data = useLoaderData<PageScreenData>();
  const page = INFO_PAGES[screen];
  return <InfoPageForm name={page.name} publicPath={page.publicPath} {...data} reply={reply} previewAction={`/studio/preview/${screen}`} />;
}
