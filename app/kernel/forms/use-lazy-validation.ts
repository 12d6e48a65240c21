import { useRef, useState, type FocusEvent, type FormEvent, type PointerEvent } from "react";
import type { FormReply } from "./reply";
import { useFormReply } from "./use-form-reply";

/** Checks a whole form: one message per invalid field, keyed by name. */
export type FormCheck = (form: HTMLFormElement) => Partial<Record<string, string>>;

const fieldName = (target: EventTarget): string => (target instanceof Element ? (target.getAttribute("name") ?? "") : "");

/**
 * A public form's messages, and its checks in the browser without the validation library
 * in the page's first JavaScript (docs/decisions/0012):
 * - the server's reply (submission.reply()) shows through useFormReply, each message
 *   cleared as soon as its field is edited;
 * - `load` (a dynamic `import()` of the same schema) runs on the first focus or input
 *   inside the form; from then on an edited field is checked when it loses focus, and a
 *   submit with mistakes is stopped and shows every message plus `invalidMessage`;
 * - until the check has loaded, or if it cannot load, the form simply posts and the
 *   server answers;
 * - a field left by pressing a submit button is not checked on the way: its message
 *   would move the button under the pointer and the click would be lost (the submit
 *   checks every field anyway).
 * After a refused answer or a stopped submit, focus goes to the first thing to fix.
 * Once the check is in use the form carries `data-check="ready"`.
 */
export function useLazyValidation(options: { reply: FormReply | null | undefined; invalidMessage: string; load: () => Promise<FormCheck> }) {
  const { reply, invalidMessage, load } = options;
  const [stopped, setStopped] = useState(0);
  const { errors, formError, setErrors, form } = useFormReply(reply, stopped);
  const check = useRef<FormCheck | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const edited = useRef(new Set<string>());
  const pressingSubmit = useRef(false);

  const onFocus = () => {
    loading.current ??= load().then(
      (fn) => {
        check.current = fn;
        // Says the check is in use (tests wait on it: the chunk's response comes before its imports have run).
        form.ref.current?.setAttribute("data-check", "ready");
      },
      // Offline or a stale deploy: the server still checks every post.
      () => void (loading.current = null),
    );
  };

  const onEdit = (event: FormEvent<HTMLFormElement>) => {
    onFocus();
    edited.current.add(fieldName(event.target));
    form.onChange(event);
  };

  // Pointer down comes before the focus moves (and the field's blur): remember whether it is on a submit button.
  const onPointerDown = (event: PointerEvent<HTMLFormElement>) => {
    pressingSubmit.current = event.target instanceof Element && event.target.closest("[type=submit]") !== null;
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = fieldName(event.target);
    if (!check.current || !edited.current.has(name) || pressingSubmit.current) return;
    const message = check.current(event.currentTarget)[name];
    if (message !== errors[name]) setErrors({ ...errors, [name]: message });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    pressingSubmit.current = false;
    const found = check.current?.(event.currentTarget);
    if (!found || Object.keys(found).length === 0) return;
    event.preventDefault();
    setErrors({ ...found, "": invalidMessage });
    setStopped((n) => n + 1);
  };

  return { errors, formError, formRef: form.ref, formProps: { onFocus, onInput: onEdit, onChange: onEdit, onBlur, onPointerDown, onSubmit } };
}
