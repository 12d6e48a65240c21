import { useCallback, useState } from "react";

/**
 * The server's messages for a form, one per field, each cleared as soon as its field
 * is edited (spec §4). A new answer from the server brings all its messages back.
 * Derived during render (no effect), so the messages and the answer arrive together.
 * No validation library runs in the browser: the server is the one judge.
 */
export function useFieldErrors<Field extends string>(
  fromServer: Partial<Record<Field, string>> | undefined,
): [errors: Partial<Record<Field, string>>, clear: (field: string) => void] {
  const [cleared, setCleared] = useState<{ answer: typeof fromServer; fields: string[] }>({ answer: fromServer, fields: [] });
  const clearedNow = cleared.answer === fromServer ? cleared.fields : [];
  const errors: Partial<Record<Field, string>> = { ...fromServer };
  for (const field of clearedNow) delete errors[field as Field];
  const clear = useCallback(
    (field: string) =>
      setCleared((current) => {
        const fields = current.answer === fromServer ? current.fields : [];
        return fields.includes(field) ? current : { answer: fromServer, fields: [...fields, field] };
      }),
    [fromServer],
  );
  return [errors, clear];
}
