import type { ReactNode } from "react";

/** The labelled controls of the Edit Account form; each message is tied to its control for screen readers. */

interface Common {
  name: string;
  label: string;
  error?: string;
}

function described(id: string, error: string | undefined) {
  return { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } as const;
}

function FieldShell({ id, name, error, className = "field", children }: { id: string; name: string; error?: string; className?: string; children: ReactNode }) {
  return (
    <div className={`${className} field-${name}`}>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ name, label, error, defaultValue, type = "text", autoComplete, maxLength, inputMode }: Common & {
  defaultValue?: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "numeric" | "tel" | "email";
}) {
  const id = `amend-${name}`;
  return (
    <FieldShell id={id} name={name} error={error}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} defaultValue={defaultValue} autoComplete={autoComplete} maxLength={maxLength} inputMode={inputMode} {...described(id, error)} />
    </FieldShell>
  );
}

export function SelectField({ name, label, error, options, value, defaultValue, onChange }: Common & {
  options: ReadonlyArray<string | { value: string; label: string }>;
  /** Controlled (with JavaScript, for the choices that show or hide fields) or not. */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
}) {
  const id = `amend-${name}`;
  return (
    <FieldShell id={id} name={name} error={error}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        {...(value === undefined ? { defaultValue } : { value })}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        {...described(id, error)}
      >
        {options.map((option) => {
          const { value: v, label: l } = typeof option === "string" ? { value: option, label: option || "Choose..." } : option;
          return (
            <option key={v} value={v}>
              {l}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
}

export function CheckField({ name, label, error, defaultChecked }: Common & { defaultChecked: boolean }) {
  const id = `amend-${name}`;
  return (
    <FieldShell id={id} name={name} error={error} className="field field-check">
      <input id={id} name={name} type="checkbox" defaultChecked={defaultChecked} {...described(id, error)} />
      <label htmlFor={id}>{label}</label>
    </FieldShell>
  );
}
