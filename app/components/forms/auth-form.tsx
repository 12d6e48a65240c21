import { useEffect, useRef, type ReactNode } from "react";

/**
 * Small pieces shared by the sign-in, forgot-password and reset-password forms
 * (no validation library: the server is the one judge, docs/decisions/0010).
 */

/** One labelled input with its message, tied to it for screen readers. */
export function AuthField({
  id,
  name,
  label,
  type,
  autoComplete,
  error,
  defaultValue,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  type: "email" | "password";
  autoComplete: string;
  error: string | undefined;
  defaultValue?: string;
  hint?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message about the whole form (wrong credentials, too many attempts). */
export function FormMessage({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  ) : null;
}

export function SubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button" disabled={submitting}>
      {submitting ? "Please wait..." : children}
    </button>
  );
}

/** After a refused post, takes the visitor to the first thing to fix. */
export function useFocusFirstError(answer: unknown) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true'], .form-error")?.focus();
  }, [answer]);
  return formRef;
}
