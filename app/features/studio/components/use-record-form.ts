import { fieldBinder, useFormReply, type FormReply } from "~/kernel/forms";

/**
 * A studio form over one record's fields (the event, the site settings): conform's form props
 * and messages, and `field(name)` for a Field's id, name, value and error. After a refused
 * save the values are what was typed, else what is saved.
 */
export function useRecordForm(reply: FormReply | undefined, saved: Record<string, string>, idPrefix: string) {
  const { errors, formError, form } = useFormReply(reply);
  const values = (reply?.initialValue ?? saved) as Record<string, string | undefined>;
  const field = fieldBinder(idPrefix, errors, (name) => values[name] ?? "");
  return { errors, formError, form, values, field };
}
