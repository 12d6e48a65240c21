import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { isPreviewKind, previewDocument } from "~/features/studio/studio-preview.server";
import { requireEditor } from "~/kernel/auth/auth.server";
import { notFound } from "~/kernel/http/answers.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import studioPreviewStyles from "~/features/studio/styles/studio-preview.css?url";

export const meta: MetaFunction = () => privatePageMeta("Preview | Studio");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: studioPreviewStyles }];

/** The preview is what a form posts (its Preview button); opened by its address alone, the page says where to find it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  return data(null, { headers: privateHeaders() });
}

/**
 * /studio/preview/news/:id?, /studio/preview/about, /studio/preview/school (docs/requirements.md
 * §7.6): the form's unsaved fields, as visitors will see the page, in a frame 360 or 1280 pixels
 * wide. Editors and accountants. Nothing is saved.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireEditor(request, context);
  if (!isPreviewKind(params.kind)) throw notFound();
  const preview = await previewDocument(context, params.kind, params.id, await request.formData());
  return data(preview, { headers: privateHeaders() });
}

const WIDTHS = [
  { id: "preview-phone", label: "Phone (360 pixels)", width: 360 },
  { id: "preview-desktop", label: "Desktop (1280 pixels)", width: 1280 },
] as const;

export default function StudioPreview() {
  const preview = useActionData<typeof action>();
  if (!preview)
    return (
      <StudioPage title="Preview">
        <p className="studio-intro">
          Nothing to preview here. Open a <Link to="/studio/news">news item</Link> or a page in the studio and press its Preview button.
        </p>
      </StudioPage>
    );
  return (
    <StudioPage title={`Preview: ${preview.title}`}>
      <p className="studio-intro">Not saved yet: this is how the page will look to visitors. Close this tab to go back to the form, then Save.</p>
      {/* The width switch is two radio buttons and CSS, so it works without JavaScript. */}
      <div className="preview-switch">
        {WIDTHS.map((width, index) => [
          <input key="radio" type="radio" name="preview-width" id={width.id} defaultChecked={index === 0} />,
          <label key="label" htmlFor={width.id}>
            {width.label}
          </label>,
        ])}
        <div className="preview-frame">
          <iframe title="The page as visitors will see it" srcDoc={preview.html} sandbox="" />
        </div>
      </div>
    </StudioPage>
  );
}
