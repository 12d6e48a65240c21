import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply, type FormReply } from "~/kernel/forms";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { confirmStep } from "~/kernel/forms/confirm-step";
import { StudioRowReply, type StudioRowAnswer } from "~/features/studio/components/StudioConfirm";
import { StudioRowButton } from "~/features/studio/components/StudioRowButton";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { documentUploadSchema } from "~/features/studio/studio-documents";
import { DOCUMENT_ACCEPT, DOCUMENT_TITLE_MAX } from "~/features/studio/studio-documents-fields";
import { STUDIO_GONE, studioRowActionSchema, studioRowStoreError } from "~/features/studio/studio-row-action";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { addDocument, removeDocument } from "~/features/studio/studio-documents.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { notFoundPage } from "~/kernel/http/answers.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";

export const meta: MetaFunction = () => privatePageMeta("Documents | Studio");

const PATH = "/studio/documents";

/** Members' documents in the studio: upload a new one, open, rename or replace one, remove one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const documents = await context.store.documents.list();
  return data({ documents: documents.map((d) => ({ id: d.id, title: d.title })) }, { headers: privateHeaders() });
}

type ActionData = FormReply | StudioRowAnswer;

async function act({ request, context }: ActionFunctionArgs) {
  const editor = await requireEditor(request, context);
  const form = await request.formData();
  if (form.get("intent") === "upload") {
    const submission = parseWithZod(form, { schema: documentUploadSchema });
    if (submission.status !== "success") return data<ActionData>(submission.reply(), { status: 400, headers: privateHeaders() });
    const result = await addDocument(context, editor, submission.value);
    if (!result.ok) {
      const message = "message" in result ? result.message : STUDIO_GONE;
      return data<ActionData>(submission.reply({ fieldErrors: { file: [message] } }), { status: result.status, headers: privateHeaders() });
    }
    return redirectWithToast(context, PATH, { kind: "success", message: `"${result.document.title}" was uploaded.` });
  }
  const submission = parseWithZod(form, { schema: studioRowActionSchema });
  if (submission.status !== "success" || submission.value.intent !== "remove")
    return data<ActionData>({ formError: "Please choose a document to remove." }, { status: 400, headers: privateHeaders() });
  const { id, confirmed } = submission.value;
  const document = await context.store.documents.get(id);
  if (!document) return notFoundPage<ActionData>({ formError: STUDIO_GONE }, privateHeaders());
  if (!confirmed)
    return data<ActionData>(confirmStep(`Remove the document "${document.title}"? Members will no longer be able to open it.`, { intent: "remove", id }), {
      headers: privateHeaders(),
    });
  await removeDocument(context, editor, id);
  return redirectWithToast(context, PATH, { kind: "success", message: `"${document.title}" was removed.` });
}

/** A store outage answers the upload form again, or a row button with one message above the list (503, ADR 59). */
export const action = storeSafeAction(act, (form, message): ActionData =>
  form.get("intent") === "upload" ? storeErrorReply(form, message) : studioRowStoreError(form, message),
);

export default function StudioDocuments() {
  const { documents } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const reply = answer && "status" in answer ? answer : null;
  const { errors, formError, form } = useFormReply(reply);
  const other = answer && ("confirm" in answer || "formError" in answer) ? answer : null;
  return (
    <StudioPage title="Documents">
      <StudioRowReply answer={other} path={PATH} />
      <p className="studio-actions">
        <a href="/documents">View on site</a>
      </p>
      {documents.length ? (
        <ul className="studio-list">
          {documents.map((document) => (
            <li key={document.id} className="studio-item">
              <p className="studio-item-main">
                <a href={`/documents/${document.id}`} target="_blank" rel="noopener noreferrer">
                  {document.title}
                </a>
              </p>
              <div className="studio-item-buttons">
                <Link to={`${PATH}/${document.id}`} aria-label={`Rename or replace ${document.title}`}>
                  Rename or replace
                </Link>
                <StudioRowButton path={PATH} intent="remove" id={document.id} label={`Remove ${document.title}`} text="Remove" />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">There are no documents yet.</p>
      )}
      <h2 id="upload-document">Upload a document</h2>
      <Form method="post" action={PATH} encType="multipart/form-data" noValidate className="studio-form" aria-labelledby="upload-document" {...form}>
        <FormMessage message={formError} />
        <input type="hidden" name="intent" value="upload" />
        <Field
          id="document-title"
          name="title"
          label="Title"
          type="text"
          maxLength={DOCUMENT_TITLE_MAX}
          error={errors.title}
          defaultValue={replyValue(reply, "title")}
        />
        <Field
          id="document-file"
          name="file"
          label="File"
          hint="PDF, Word or Excel, or a photo; up to 15 MB. Only signed-in members can open it."
          type="file"
          accept={DOCUMENT_ACCEPT}
          error={errors.file}
        />
        <SubmitButton>Upload</SubmitButton>
      </Form>
    </StudioPage>
  );
}
