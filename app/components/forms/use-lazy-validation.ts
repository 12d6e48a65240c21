import { useCallback, useEffect, useRef, useState, type FocusEvent, type FormEvent } from "react";
import { useFieldErrors } from "./use-field-errors";

/** Checks a whole form: one message per invalid field, keyed by name. */
export type FormCheck = (form: HTMLFormElement) => Record<string, string>;

const fieldName = (target: EventTarget): string => (target instanceof Element ? (target.getAttribute("name") ?? "") : "");

interface ClientState {
  answer: unknown;
  /** Messages found in the browser. */
  errors: Record<string, string>;
  formError: string | null;
  /** Fields edited since the answer: a field is checked on blur only once it has been edited. */
  edited: string[];
}

/**
 * Client-side checks for a public form without putting the validation library in the
 * page's first JavaScript (docs/decisions/0012): `load` (a dynamic `import()`) runs on the
 * first focus or input inside the form; afterwards an edited field is checked when it
 * loses focus, and a submit with mistakes is stopped and shows every message with
 * `invalidMessage` for the form. The server's messages (`fromServer`) show as before and
 * clear when their field is edited (use-field-errors.ts). Until the check has loaded, or
 * if it fails to load, the form simply posts and the server answers.
 */
export function useLazyValidation(options: {
  fromServer: Partial<Record<string, string>> | undefined;
  formErrorFromServer: string | null | undefined;
  invalidMessage: string;
  load: () => Promise<FormCheck>;
}) {
  const { fromServer, formErrorFromServer, invalidMessage, load } = options;
  const [serverErrors, clearServerError] = useFieldErrors<string>(fromServer);
  const [client, setClient] = useState<ClientState>({ answer: fromServer, errors: {}, formError: null, edited: [] });
  const current: ClientState = client.answer === fromServer ? client : { answer: fromServer, errors: {}, formError: null, edited: [] };
  const check = useRef<FormCheck | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const ensureLoaded = useCallback(() => {
    loading.current ??= load()
      .then((fn) => {
        check.current = fn;
      })
      .catch(() => {
        // Offline or a stale deploy: the server still checks every post.
        loading.current = null;
      });
  }, [load]);

  const update = (change: (state: ClientState) => ClientState) =>
    setClient((state) => change(state.answer === fromServer ? state : { answer: fromServer, errors: {}, formError: null, edited: [] }));

  const onEdit = (event: FormEvent<HTMLFormElement>) => {
    ensureLoaded();
    const name = fieldName(event.target);
    if (!name) return;
    clearServerError(name);
    update((state) => {
      const errors = { ...state.errors };
      delete errors[name];
      return { ...state, errors, edited: state.edited.includes(name) ? state.edited : [...state.edited, name] };
    });
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = fieldName(event.target);
    const form = event.currentTarget;
    if (!name || !check.current || !current.edited.includes(name)) return;
    const message = check.current(form)[name];
    update((state) => {
      const errors = { ...state.errors };
      if (message) errors[name] = message;
      else delete errors[name];
      return { ...state, errors };
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!check.current) return;
    const found = check.current(event.currentTarget);
    if (Object.keys(found).length === 0) {
      update((state) => ({ ...state, errors: {}, formError: null }));
      return;
    }
    event.preventDefault();
    update((state) => ({ ...state, errors: found, formError: invalidMessage }));
    setFocusRequest((n) => n + 1);
  };

  // After a stopped submit, take the person to the first field to fix.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [focusRequest]);

  return {
    errors: { ...serverErrors, ...current.errors } as Record<string, string | undefined>,
    formError: current.formError ?? formErrorFromServer ?? null,
    formRef,
    formProps: { onFocus: ensureLoaded, onInput: onEdit, onChange: onEdit, onBlur, onSubmit },
  };
}
