import { Field } from "~/kernel/forms";

/** The Edit Account form's controls: the form family's Field, with the form's ids (`amend-<name>`). */

interface Common {
  name: string;
  label: string;
  error?: string;
}

export function TextField({
  name,
  type = "text",
  ...rest
}: Common & {
  defaultValue?: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "numeric" | "tel" | "email";
}) {
  return <Field id={`amend-${name}`} name={name} type={type} {...rest} />;
}

export function SelectField({
  name,
  options,
  value,
  defaultValue,
  onChange,
  ...rest
}: Common & {
  options: ReadonlyArray<string | { value: string; label: string }>;
  /** Controlled (with JavaScript, for the choices that show or hide fields) or not. */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <Field
      id={`amend-${name}`}
      name={name}
      as="select"
      {...(value === undefined ? { defaultValue } : { value })}
      onChange={onChange ? (event) => onChange((event.target as HTMLSelectElement).value) : undefined}
      {...rest}
    >
      {options.map((option) => {
        const { value: v, label: l } = typeof option === "string" ? { value: option, label: option || "Choose..." } : option;
        return (
          <option key={v} value={v}>
            {l}
          </option>
        );
      })}
    </Field>
  );
}

export function CheckField({ name, defaultChecked, ...rest }: Common & { defaultChecked: boolean }) {
  return <Field id={`amend-${name}`} name={name} type="checkbox" className="field-check" defaultChecked={defaultChecked} {...rest} />;
}
