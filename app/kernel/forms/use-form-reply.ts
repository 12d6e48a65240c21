import { useEffect, useRef, useState, type FormEvent } from "react";
import { replyErrors, type FormReply } from "./reply";

type Errors = Record<string, string | undefined>;

/**
 * A form's messages from the action's reply (the public pages: no validation library in
 * their JavaScript, docs/decisions/0010 and 0028): one message per field, each cleared as
 * soon as its field is edited (docs/requirements.md §1.10); a new reply brings all its messages back. After
 * a refused reply, or when `stopped` counts a submit the page stopped itself, focus goes
 * to the first thing to fix. `setErrors` lets a check in the browser (the sign-up's) show
 * its own messages. Derived during render (no effect), so a reply and its messages arrive
 * together.
 */
export function useFormReply(reply: FormReply | null | undefined, stopped = 0) {
  const [shown, setShown] = useState({ reply, errors: replyErrors(reply) });
  const errors = shown.reply === reply ? shown.errors : replyErrors(reply);
  const setErrors = (next: Errors) => setShown({ reply, errors: next });
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (errors[name]) setErrors({ ...errors, [name]: undefined });
  };
  return { errors, formError: errors[""], setErrors, form: { ref: useFocusFirstError(reply, stopped), onChange } };
}

/** After a refused answer (or a stopped submit), takes the visitor to the first thing to fix. */
export function useFocusFirstError(reply: unknown, stopped = 0) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (reply || stopped) ref.current?.querySelector<HTMLElement>("[aria-invalid='true'], .form-error")?.focus();
  }, [reply, stopped]);
  return ref;
}
