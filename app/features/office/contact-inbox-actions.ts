import { z } from "zod";

/**
 * What the forms on a contact message's page post (/accounts/messages/{id}): marking it
 * handled with a note, or a reply. Apart from contact-inbox.ts, which the inbox's
 * components import, so zod stays out of the browser (docs/decisions/0028-one-form-layer.md). Pure.
 */

const text = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value : ""),
    z
      .string({ error: `Please write the ${label}` })
      .trim()
      .min(1, { error: `Please write the ${label}`, abort: true })
      .max(max, { error: `The ${label} must be at most ${max.toLocaleString("en-GB")} characters` }),
  );

/** Each form on a message's page posts its `intent`, so one action tells them apart. */
export const handledSchema = z.object({ intent: z.literal("handled"), note: text("note", 2000) });
export const replySchema = z.object({ intent: z.literal("reply"), subject: text("subject", 200), body: text("reply", 10000) });
export const messageActionSchema = z.discriminatedUnion("intent", [handledSchema, replySchema]);
