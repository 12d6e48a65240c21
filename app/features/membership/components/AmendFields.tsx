import { Field, type BoundField } from "~/kernel/forms";

/**
 * A member's record's controls (Edit Account, Edit Member): the form family's Field, bound
 * by the page's `fieldBinder`, which chooses the ids (docs/decisions/0028).
 */

type Common = BoundField & { label: string };

export function TextField({
  type = "text",
  ...rest
}: Common & {
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "numeric" | "tel" | "email";
}) {
  return <Field type={type} {...rest} />;
}

export function SelectField({
  options,
  value,
  defaultValue,
  onChange,
  ...rest
}: Common & {
  options: ReadonlyArray<string | { value: string; label: string }>;
  /** Controlled (with JavaScript, for the choices that show or hide fields) or not. */
  value?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <Field
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

/** A consent: ticked when the value sent (or saved) is a checkbox's "on". */
export function CheckField({ defaultValue, ...rest }: Common) {
  return <Field type="checkbox" className="field-check" defaultChecked={defaultValue === "on"} {...rest} />;
}
