import { Form } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply, type FormReply } from "~/kernel/forms";
import { PhotoInput } from "~/kernel/forms/PhotoInput";
import { RichTextField } from "~/kernel/forms/RichTextField";
import type { InfoPage, MediaRef } from "~/kernel/store/records";
import { StudioPage } from "./StudioPage";
import { PreviewButton } from "./PreviewButton";

export interface InfoPageFormProps {
  name: string;
  publicPath: string;
  page: Omit<InfoPage, "image">;
  image: MediaRef | null;
  reply?: FormReply | null;
  /** Where Preview posts the form (/studio/preview/about or /school). */
  previewAction: string;
}

type TextKey = "preTitle" | "title" | "descriptionHtml" | "description2Html" | "youtubeVideoId";

/**
 * /studio/about and /studio/school: the page's texts, its video and its picture. The two
 * descriptions are rich-text fields (a textarea without JavaScript) named as the record's
 * keys; the picture is a file field, so the form is multipart.
 */
export function InfoPageForm({ name, publicPath, page, image, reply, previewAction }: InfoPageFormProps) {
  const { errors, formError, form } = useFormReply(reply);
  const value = (key: TextKey) => replyValue(reply, key) ?? page[key];
  const fields = (
    <>
      <Field id="page-pre-title" name="preTitle" label="Pre-title (the small line above the title)" defaultValue={value("preTitle")} error={errors.preTitle} />
      <Field id="page-title" name="title" label="Title" required defaultValue={value("title")} error={errors.title} />
      <RichTextField
        id="page-description"
        name="descriptionHtml"
        label="First description"
        rows={10}
        defaultValue={value("descriptionHtml")}
        error={errors.descriptionHtml}
      />
      <RichTextField
        id="page-description-2"
        name="description2Html"
        label="Second description"
        rows={10}
        defaultValue={value("description2Html")}
        error={errors.description2Html}
      />
      <Field
        id="page-youtube"
        name="youtubeVideoId"
        label="YouTube video"
        hint="Paste the video's YouTube address, or its 11-character id. Leave empty for no video."
        defaultValue={value("youtubeVideoId")}
        error={errors.youtubeVideoId}
      />
      <PhotoInput
        id="page-image"
        name="image"
        label="Picture"
        hint={image?.path ? "Choose a new photo to replace it." : "No picture yet. Choose a photo (JPEG, PNG, WebP or GIF, up to 25 MB)."}
        current={image}
        error={errors.image}
      />
      <p className="studio-form-buttons">
        <SubmitButton>Save changes</SubmitButton> <PreviewButton action={previewAction} />
      </p>
    </>
  );
  return (
    <StudioPage title={name} formContainer>
      <p className="studio-part-links">
        <a href={publicPath}>View on site</a>
      </p>
      <Form method="post" encType="multipart/form-data" noValidate {...form}>
        <FormMessage message={formError} summaryOf={fields} />
        {fields}
      </Form>
    </StudioPage>
  );
}
