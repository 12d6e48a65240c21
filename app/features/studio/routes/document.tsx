import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { documentChangeSchema } from "~/features/studio/studio-documents";
import { DOCUMENT_ACCEPT, DOCUMENT_TITLE_MAX } from "~/features/studio/studio-documents-fields";
import { requireEditor } from "~/kernel/auth/auth.server";
import { changeDocument } from "~/features/studio/studio-documents.server";
import { foundOrNotFound, studioNotFound } from "~/features/studio/studio-not-found.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";

export const meta: MetaFunction = () => privatePageMeta("Edit document | Studio");

const LIST = "/studio/documents";

async function documentOf(context: LoaderFunctionArgs["context"], id: string | undefined) {
  return foundOrNotFound(id ? await context.store.documents.get(id) : null);
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const document = await documentOf(context, params.id);
  return data({ document: { id: document.id, title: document.title } }, { headers: privateHeaders() });
}

async function act({ request, context, params }: ActionFunctionArgs) {
  const editor = await requireEditor(request, context);
  const document = await documentOf(context, params.id);
  const submission = parseWithZod(await request.formData(), { schema: documentChangeSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  const { title, file } = submission.value;
  const result = await changeDocument(context, editor, document.id, { title, file: file ?? null });
  if (!result.ok) {
    if (!("message" in result)) throw studioNotFound();
    return data(submission.reply({ fieldErrors: { file: [result.message] } }), { status: result.status, headers: privateHeaders() });
  }
  return redirectWithToast(context, LIST, { kind: "success", message: `"${result.document.title}" was saved.` });
}

/** A store outage answers the form again, with what was typed and one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioDocument() {
  const { document } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { errors, formError, form } = useFormReply(reply);
  return (
    <StudioPage title="Edit document" parent={{ label: "Documents", to: LIST }}>
      <p>
        <a href={`/documents/${document.id}`} target="_blank" rel="noopener noreferrer">
          Open the current file
        </a>
      </p>
      <Form method="post" encType="multipart/form-data" noValidate className="studio-form" {...form}>
        <FormMessage message={formError} />
        <Field
          id="document-title"
          name="title"
          label="Title"
          type="text"
          maxLength={DOCUMENT_TITLE_MAX}
          error={errors.title}
          defaultValue={reply ? replyValue(reply, "title") : document.title}
        />
        <Field
          id="document-file"
          name="file"
          label="Replace the file (optional)"
          hint="Leave empty to keep the current file. PDF, Word or Excel, or a photo; up to 15 MB."
          type="file"
          accept={DOCUMENT_ACCEPT}
          error={errors.file}
        />
        <SubmitButton>Save</SubmitButton> <Link to={LIST}>Cancel</Link>
      </Form>
    </StudioPage>
  );
}
