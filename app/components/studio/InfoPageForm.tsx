import { Form } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply, type FormReply } from "~/components/forms";
import type { InfoPage, MediaRef } from "~/domain/records";
import { PageTitle } from "../layout/Breadcrumbs";

export interface InfoPageFormProps {
  name: string;
  publicPath: string;
  page: Omit<InfoPage, "image">;
  image: MediaRef | null;
  writable: boolean;
  reply?: FormReply | null;
}

type TextKey = "preTitle" | "title" | "descriptionHtml" | "description2Html" | "youtubeVideoId";

/**
 * /studio/about and /studio/school: the page's texts, its video and its picture. The two
 * descriptions are plain text areas named as the record's keys (descriptionHtml,
 * description2Html), so the rich-text editor can take their place.
 */
export function InfoPageForm({ name, publicPath, page, image, writable, reply }: InfoPageFormProps) {
  const { errors, formError, form } = useFormReply(reply);
  const value = (key: TextKey) => replyValue(reply, key) ?? page[key];
  return (
    <>
      <PageTitle title={name} parent={{ label: "Website", to: "/studio" }} />
      <section className="section studio-page">
        <div className="container studio-form">
          <p className="studio-part-links">
            <a href={publicPath}>View on site</a>
          </p>
          {writable ? null : (
            <p className="form-error" role="status">
              This website keeps its {name} page in Cockpit: edit it in Cockpit&rsquo;s admin. It cannot be saved from here.
            </p>
          )}
          <Form method="post" noValidate {...form}>
            <FormMessage message={formError} />
            <fieldset disabled={!writable} className="studio-fieldset">
              <Field
                id="page-pre-title"
                name="preTitle"
                label="Pre-title (the small line above the title)"
                defaultValue={value("preTitle")}
                error={errors.preTitle}
              />
              <Field id="page-title" name="title" label="Title" required defaultValue={value("title")} error={errors.title} />
              <Field
                id="page-description"
                name="descriptionHtml"
                label="First description"
                as="textarea"
                rows={10}
                hint="Text with HTML tags such as <p> and <strong> is kept; anything unsafe is removed when saved."
                defaultValue={value("descriptionHtml")}
                error={errors.descriptionHtml}
              />
              <Field
                id="page-description-2"
                name="description2Html"
                label="Second description"
                as="textarea"
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
              <div className="field studio-image">
                <p className="studio-image-label">Picture</p>
                {image?.path ? (
                  <>
                    <img src={image.path} alt="Shown on the page now" width={320} height={180} />
                    <Field id="page-remove-image" name="removeImage" value="1" type="checkbox" label="Remove this picture" />
                  </>
                ) : (
                  <p className="studio-no-image">No picture.</p>
                )}
                <p className="field-hint">Uploading pictures is coming soon; the current picture is kept.</p>
              </div>
              <p className="studio-form-buttons">
                <SubmitButton>Save changes</SubmitButton>
              </p>
            </fieldset>
          </Form>
        </div>
      </section>
    </>
  );
}
