import { useEffect, useRef, useState, type FormEvent } from "react";
import { replyErrors, type FormReply } from "./reply";

/**
 * A form whose server is its one judge (the public pages: no validation library in their
 * JavaScript, docs/decisions/0010 and 0028): the action's reply shows one message per
 * field, each cleared as soon as its field is edited (spec §4); a new reply brings all its
 * messages back. After a refused reply, focus goes to the first thing to fix.
 * Derived during render (no effect), so a reply and its messages arrive together.
 */
export function useFormReply(reply: FormReply | null | undefined) {
  const [shown, setShown] = useState({ reply, errors: replyErrors(reply) });
  const errors = shown.reply === reply ? shown.errors : replyErrors(reply);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (errors[name]) setShown({ reply, errors: { ...errors, [name]: undefined } });
  };
  return { errors, formError: errors[""], form: { ref: useFocusFirstError(reply), onChange } };
}

/** After a refused answer (or a stopped submit), takes the visitor to the first thing to fix. */
export function useFocusFirstError(trigger: unknown) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (trigger) ref.current?.querySelector<HTMLElement>("[aria-invalid='true'], .form-error")?.focus();
  }, [trigger]);
  return ref;
}
