import { parseWithZod } from "@conform-to/zod/v4";
import type { ZodType } from "zod";
import { replyErrors } from "~/kernel/forms/reply";

/**
 * A form parsed as an action parses it (conform's parseWithZod), in the shape the schema
 * tests read: the clean data, or the first message per field and the values sent back.
 */
export function parseForm<T>(schema: ZodType<T>, form: FormData, hideFields: string[] = []) {
  const submission = parseWithZod(form, { schema });
  if (submission.status === "success") return { ok: true as const, data: submission.value };
  const reply = submission.reply({ hideFields });
  return { ok: false as const, errors: replyErrors(reply), values: reply.initialValue ?? {} };
}
