import type { ReactNode } from "react";

/**
 * Radio buttons under one question (a fieldset and its legend), each with its own line of
 * explanation, and the question's message. Takes `id`, `label` and `error` as Field does, so
 * the form's message summary links to it.
 */
export function ChoiceGroup({
  id,
  name,
  label,
  hint,
  error,
  value,
  choices,
  disabled,
}: {
  id: string;
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  value: string;
  choices: ReadonlyArray<{ value: string; label: string; explains?: string; after?: ReactNode }>;
  disabled?: boolean;
}) {
  const describedBy = `${hint ? `${id}-hint ` : ""}${error ? `${id}-error` : ""}`.trim() || undefined;
  return (
    <fieldset className={`choice-group choice-group-${name}`} aria-describedby={describedBy}>
      <legend id={id} tabIndex={-1}>
        {label}
      </legend>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {choices.map((choice) => {
        const choiceId = `${id}-${choice.value}`;
        return (
          <div key={choice.value} className="choice">
            <input
              type="radio"
              id={choiceId}
              name={name}
              value={choice.value}
              defaultChecked={choice.value === value}
              disabled={disabled}
              aria-describedby={choice.explains ? `${choiceId}-explains` : undefined}
            />
            <label htmlFor={choiceId}>{choice.label}</label>
            {choice.explains ? (
              <p className="choice-explains" id={`${choiceId}-explains`}>
                {choice.explains}
              </p>
            ) : null}
            {choice.after ? <div className="choice-after">{choice.after}</div> : null}
          </div>
        );
      })}
    </fieldset>
  );
}
