import { Form, Link } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply, type FormReply } from "~/kernel/forms";
import { PhotoInput } from "~/kernel/forms/PhotoInput";
import type { MediaRef } from "~/kernel/store/records";
import { StudioPage } from "./StudioPage";

export interface SlideFormProps {
  /** Null for a new slide. */
  slide: { smallText: string; title: string; description: string; image: MediaRef | null } | null;
  reply?: FormReply | null;
}

/** /studio/slides/new and /studio/slides/:id: a slide's texts and its banner picture (a file field: the form is multipart). */
export function SlideForm({ slide, reply }: SlideFormProps) {
  const { errors, formError, form } = useFormReply(reply);
  const value = (name: "smallText" | "title" | "description") => replyValue(reply, name) ?? slide?.[name] ?? "";
  const title = slide ? "Edit slide" : "Add a slide";
  return (
    <StudioPage title={title} parent={{ label: "Home slides", to: "/studio/slides" }} formContainer>
      <Form method="post" encType="multipart/form-data" noValidate {...form}>
        <FormMessage message={formError} />
        <Field id="slide-small-text" name="smallText" label="Small text (above the title)" defaultValue={value("smallText")} error={errors.smallText} />
        <Field id="slide-title" name="title" label="Title" required defaultValue={value("title")} error={errors.title} />
        <Field
          id="slide-description"
          name="description"
          label="Description"
          as="textarea"
          rows={4}
          defaultValue={value("description")}
          error={errors.description}
        />
        <PhotoInput
          id="slide-image"
          name="image"
          label="Banner picture"
          hint={
            slide?.image
              ? "Choose a new photo to replace it. Wide photos work best."
              : "No picture yet. A slide without a picture is not shown on the home page. Wide photos work best."
          }
          current={slide?.image}
          error={errors.image}
        />
        <p className="studio-form-buttons">
          <SubmitButton>{slide ? "Save changes" : "Add slide"}</SubmitButton>
          <Link to="/studio/slides">Back to the slides</Link>
        </p>
      </Form>
    </StudioPage>
  );
}
