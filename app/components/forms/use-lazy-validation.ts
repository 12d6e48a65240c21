import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from "react";

/** Checks a whole form: one message per invalid field, keyed by name. */
export type FormCheck = (form: HTMLFormElement) => Record<string, string>;

type Errors = Partial<Record<string, string>>;

interface Shown {
  /** The server's answer these messages start from; a new answer brings its own back. */
  answer: unknown;
  errors: Errors;
  formError: string | null | undefined;
}

const fieldName = (target: EventTarget): string => (target instanceof Element ? (target.getAttribute("name") ?? "") : "");

/**
 * A public form's messages, and its checks in the browser without the validation library
 * in the page's first JavaScript (docs/decisions/0012):
 * - the server's messages show, each cleared as soon as its field is edited (as
 *   use-field-errors.ts does for the Quick Contact Form);
 * - `load` (a dynamic `import()` of the same schema) runs on the first focus or input
 *   inside the form; from then on an edited field is checked when it loses focus, and a
 *   submit with mistakes is stopped and shows every message plus `invalidMessage`;
 * - until the check has loaded, or if it cannot load, the form simply posts and the
 *   server answers.
 * After a refused answer or a stopped submit, focus goes to the form's message.
 */
export function useLazyValidation(options: {
  fromServer: Errors | undefined;
  formErrorFromServer: string | null | undefined;
  invalidMessage: string;
  load: () => Promise<FormCheck>;
}) {
  const { fromServer, formErrorFromServer, invalidMessage, load } = options;
  const fresh: Shown = { answer: fromServer, errors: { ...fromServer }, formError: formErrorFromServer };
  const [state, setState] = useState(fresh);
  const shown = state.answer === fromServer ? state : fresh;
  const check = useRef<FormCheck | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const edited = useRef(new Set<string>());
  const formRef = useRef<HTMLFormElement>(null);
  const [stopped, setStopped] = useState(0);

  const setErrors = (errors: Errors, formError = shown.formError) => setState({ answer: fromServer, errors, formError });

  const onFocus = () => {
    loading.current ??= load().then(
      (fn) => void (check.current = fn),
      // Offline or a stale deploy: the server still checks every post.
      () => void (loading.current = null),
    );
  };

  const onEdit = (event: FormEvent<HTMLFormElement>) => {
    onFocus();
    const name = fieldName(event.target);
    edited.current.add(name);
    if (shown.errors[name]) setErrors({ ...shown.errors, [name]: undefined });
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = fieldName(event.target);
    if (!check.current || !edited.current.has(name)) return;
    const message = check.current(event.currentTarget)[name];
    if (message !== shown.errors[name]) setErrors({ ...shown.errors, [name]: message });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = check.current?.(event.currentTarget);
    if (!found || Object.keys(found).length === 0) return;
    event.preventDefault();
    setErrors(found, invalidMessage);
    setStopped((n) => n + 1);
  };

  useEffect(() => {
    if (formErrorFromServer || stopped) formRef.current?.querySelector<HTMLElement>(".form-error")?.focus();
  }, [fromServer, formErrorFromServer, stopped]);

  return { errors: shown.errors, formError: shown.formError, formRef, formProps: { onFocus, onInput: onEdit, onChange: onEdit, onBlur, onSubmit } };
}
