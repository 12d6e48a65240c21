import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { PhotoInput } from "~/kernel/forms/PhotoInput";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { BEARER_LIMITS } from "~/features/studio/office-bearers-fields";
import { officeBearerSchema } from "~/features/studio/office-bearers-team";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireEditor } from "~/kernel/auth/auth.server";
import { studioNotFound, foundOrNotFound } from "~/features/studio/studio-not-found.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { addOfficeBearer, changeOfficeBearer, findOfficeBearer } from "~/features/studio/studio-office-bearers.server";
import { readPhotoField, writeWithNewPhoto } from "~/features/studio/studio-photo-field.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => privatePageMeta(`${data?.bearer ? "Edit office bearer" : "Add a person"} | Studio`);

const LIST = "/studio/office-bearers";
const PHOTO_FIELD = "photo";

/** /studio/office-bearers/new adds a person at the end of the team; /studio/office-bearers/<id> edits one. */
async function bearerOf(context: LoaderFunctionArgs["context"], id: string | undefined) {
  return id === "new" ? null : foundOrNotFound(await findOfficeBearer(context, id ?? ""));
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const bearer = await bearerOf(context, params.id);
  // The photo as the public page shows it (resolved for Cockpit).
  const shown = bearer ? (await context.content.listOfficeBearers()).find((b) => b.id === bearer.id) : null;
  return data({ bearer: bearer && { name: bearer.name, role: bearer.role, photo: shown?.photo ?? null } }, { headers: privateHeaders() });
}

async function act({ request, context, params }: ActionFunctionArgs) {
  const editor = await requireEditor(request, context);
  const bearer = await bearerOf(context, params.id);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: officeBearerSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  const photo = await readPhotoField(context, formData, PHOTO_FIELD);
  if (!photo.ok) return data(submission.reply({ fieldErrors: { [PHOTO_FIELD]: [photo.message] } }), { status: photo.status, headers: privateHeaders() });
  if (bearer) {
    const saved = await writeWithNewPhoto(context, photo, changeOfficeBearer(context, editor, bearer.id, submission.value, photo.image));
    if (!saved) throw studioNotFound();
    return redirectWithToast(context, LIST, { kind: "success", message: `${saved.name} was saved.` });
  }
  const added = await writeWithNewPhoto(context, photo, addOfficeBearer(context, editor, submission.value, photo.image));
  return redirectWithToast(context, LIST, { kind: "success", message: `${added.name} was added to the office bearers.` });
}

/** A store outage answers the form again, with what was typed and one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioOfficeBearer() {
  const { bearer } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { errors, formError, form } = useFormReply(reply);
  const value = (name: "name" | "role") => (reply ? replyValue(reply, name) : (bearer?.[name] ?? ""));
  return (
    <StudioPage title={bearer ? "Edit office bearer" : "Add a person"} parent={{ label: "Office bearers", to: LIST }}>
      <Form method="post" encType="multipart/form-data" noValidate className="studio-form" {...form}>
        <FormMessage message={formError} />
        <Field
          id="bearer-name"
          name="name"
          label="Name"
          type="text"
          autoComplete="off"
          maxLength={BEARER_LIMITS.name}
          error={errors.name}
          defaultValue={value("name")}
        />
        <Field
          id="bearer-role"
          name="role"
          label="Role"
          hint="For example President or Treasurer"
          type="text"
          autoComplete="off"
          maxLength={BEARER_LIMITS.role}
          error={errors.role}
          defaultValue={value("role")}
        />
        <PhotoInput
          id="bearer-photo"
          name={PHOTO_FIELD}
          label="Photo (optional)"
          hint="A JPEG, PNG, WebP or GIF photo. Choose a file only to add or replace the photo."
          error={errors[PHOTO_FIELD]}
          current={bearer?.photo ?? null}
        />
        <SubmitButton>{bearer ? "Save" : "Add person"}</SubmitButton> <Link to={LIST}>Cancel</Link>
      </Form>
    </StudioPage>
  );
}
