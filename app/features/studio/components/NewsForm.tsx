import { Form } from "@remix-run/react";
import { Field, FormMessage, fieldBinder, replyValue, useFormReply, type FormReply } from "~/kernel/forms";
import { PhotoInput } from "~/kernel/forms/PhotoInput";
import { RichTextField } from "~/kernel/forms/RichTextField";
import type { MediaRef } from "~/kernel/store/records";
import { NEWS_LIMITS } from "~/features/studio/news-fields";
import { IntentButton } from "./IntentButton";
import { PreviewButton } from "./PreviewButton";

/** What the form starts from: a stored item's fields, or a new item's (today's date, the rest empty). */
export interface NewsFormValues {
  title: string;
  date: string;
  image: MediaRef | null;
  excerpt: string;
  content: string;
  published: boolean;
}

/**
 * The news item's fields, for /studio/news/new and /studio/news/:id. Save keeps a draft a
 * draft (and a published item published); Publish, shown while it is a draft, saves and
 * publishes. After a refused post the fields show what was typed, with the messages.
 */
export function NewsForm({
  values,
  reply,
  isNew,
  previewAction = "/studio/preview/news",
}: {
  values: NewsFormValues;
  reply: FormReply | undefined;
  isNew: boolean;
  /** Where Preview posts the form: the item's preview (its stored picture), or a new item's. */
  previewAction?: string;
}) {
  const { errors, formError, form } = useFormReply(reply);
  const typed = (name: "title" | "date" | "excerpt" | "content") => replyValue(reply, name) ?? String(values[name]);
  const field = fieldBinder<"title" | "date" | "excerpt">("news", errors, typed);

  const fields = (
    <>
      <Field {...field("title")} label="Title" type="text" maxLength={NEWS_LIMITS.title} required />
      <Field {...field("date")} label="Date" type="date" hint="The date shown with the news item." required />
      <PhotoInput
        id="news-image"
        name="image"
        label="Picture (optional)"
        hint={values.image ? "Choose a new photo to replace it." : "Shown with the news item. JPEG, PNG, WebP or GIF, up to 25 MB."}
        current={values.image}
        error={errors.image}
      />
      <Field
        {...field("excerpt")}
        label="Summary (optional)"
        as="textarea"
        rows={3}
        maxLength={NEWS_LIMITS.excerpt}
        hint="A line or two shown in the News list."
      />
      <RichTextField id="news-content" name="content" label="Text" error={errors.content} defaultValue={typed("content")} rows={14} required />
      <div className="studio-form-buttons">
        <IntentButton intent="save">{isNew ? "Save as draft" : "Save"}</IntentButton>
        {values.published ? null : (
          <IntentButton intent="publish" secondary>
            {isNew ? "Publish" : "Save and publish"}
          </IntentButton>
        )}
        <PreviewButton action={previewAction} />
      </div>
    </>
  );
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="studio-form news-form" aria-label="News item" {...form}>
      {/* A refused Unpublish or Delete (a tampered post) has only the button's message. */}
      <FormMessage message={formError ?? errors.intent} summaryOf={fields} />
      {fields}
    </Form>
  );
}
