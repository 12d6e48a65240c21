/** What a Field (or a control built on it) takes from its form: id, name, message and value. */
export interface BoundField {
  id: string;
  name: string;
  error?: string;
  defaultValue?: string;
}

/** Binds a form's field names to `BoundField`s. */
export type FieldBinder<N extends string = string> = (name: N) => BoundField;

/**
 * The one way a form ties a field's name to its props (docs/decisions/0028): the id is
 * `${idPrefix}-${name}` (its message `${id}-error`, which labels and tests rely on), the
 * message is the field's first from the reply, and `value` says what it shows first (the
 * value as sent after a refused reply, else the saved one). Spread it into Field:
 * `<Field {...field("email")} label="Email" />`.
 */
export function fieldBinder<N extends string = string>(
  idPrefix: string,
  errors: Partial<Record<string, string | undefined>>,
  value: (name: N) => string | undefined = () => undefined,
): FieldBinder<N> {
  return (name) => ({ id: `${idPrefix}-${name}`, name, error: errors[name], defaultValue: value(name) });
}
