import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { replyErrors, replyFormError, type FormReply } from "./reply";

/**
 * A form whose server is its one judge (the public pages: no validation library in their
 * JavaScript, docs/decisions/0010 and 0028): the action's reply shows one message per
 * field, each cleared as soon as its field is edited (spec §4); a new reply brings all its
 * messages back. After a refused reply, focus goes to the first thing to fix.
 * Derived during render (no effect), so a reply and its messages arrive together.
 */
export function useFormReply(reply: FormReply | null | undefined) {
  const [cleared, setCleared] = useState<{ reply: typeof reply; fields: string[] }>({ reply, fields: [] });
  const clearedNow = cleared.reply === reply ? cleared.fields : [];
  const errors = replyErrors(reply);
  for (const field of clearedNow) delete errors[field];

  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const field = (event.target as HTMLInputElement).name;
      setCleared((current) => {
        const fields = current.reply === reply ? current.fields : [];
        return fields.includes(field) ? current : { reply, fields: [...fields, field] };
      });
    },
    [reply],
  );

  const ref = useFocusFirstError(reply);
  return { errors, formError: replyFormError(reply), form: { ref, onChange } };
}

/** After a refused answer (or a stopped submit), takes the visitor to the first thing to fix. */
export function useFocusFirstError(trigger: unknown) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (trigger) ref.current?.querySelector<HTMLElement>("[aria-invalid='true'], .form-error")?.focus();
  }, [trigger]);
  return ref;
}
