import { createElement, type AllHTMLAttributes, type ReactNode } from "react";

/** What a control takes besides its name: any input, select or textarea attribute. */
type ControlAttributes = Omit<AllHTMLAttributes<HTMLElement>, "id" | "name" | "label" | "as" | "children">;

export interface FieldProps extends ControlAttributes {
  /** The control's id; its message is `${id}-error` and its hint `${id}-hint`. */
  id: string;
  name: string;
  label: ReactNode;
  /** The field's message (with conform's useForm: `fields.x.errors?.[0]`). */
  error?: string;
  hint?: ReactNode;
  /** Classes besides `field field-<name>`. */
  className?: string;
  as?: "input" | "select" | "textarea";
  /** A select's options. */
  children?: ReactNode;
  /** Shown after the message (a no-JavaScript "show fields" button). */
  after?: ReactNode;
}

/**
 * One labelled control with its hint and message, both tied to it for screen readers
 * (aria-describedby, aria-invalid). A checkbox comes before its label. Every form's fields
 * render through this, whether the messages come from the server (`useFormReply`) or from
 * conform's `useForm`.
 */
export function Field({ id, name, label, error, hint, className, as = "input", children, after, ...control }: FieldProps) {
  const check = as === "input" && control.type === "checkbox";
  const describedBy = `${hint ? `${id}-hint ` : ""}${error ? `${id}-error` : ""}`.trim() || undefined;
  const element = createElement(as, { id, name, ...control, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy }, children);
  return (
    <div className={`field field-${name} ${className ?? ""}`}>
      {check ? element : null}
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {check ? null : element}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}
