import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { Confirmation } from "./confirm-step";
import { SubmitButton } from "./SubmitButton";

export interface ConfirmStepProps {
  /** The question and the fields Yes posts again, with `confirmed=1` (`confirmStep()`). */
  confirm: Confirmation;
  /** Where Yes posts: the page's own URL unless given. */
  action?: string;
  /** Where Cancel goes: the page without the question. */
  cancelTo: string;
  /** The Yes button's text. */
  yes?: string;
  /** The heading's id (the section is labelled by it). */
  titleId?: string;
  /** An h3 inside a panel that already has an h2. */
  level?: 2 | 3;
  /** Cancel keeps the scroll (a question in the middle of a long report). */
  preventScrollReset?: boolean;
}

/**
 * The one "ask first" step (docs/decisions/0028): "Please confirm", the question, Yes or
 * Cancel. Rendered by the server from the action's answer (or the loader's), so it works
 * without JavaScript; it takes the focus when it appears so that screen readers hear it.
 * Not in the family's index: only back-office pages draw it, so public pages never load it.
 */
export function ConfirmStep({ confirm, action, cancelTo, yes = "Yes", titleId = "confirm-step-title", level = 2, preventScrollReset }: ConfirmStepProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = level === 3 ? "h3" : "h2";
  return (
    <section className="confirm-step" aria-labelledby={titleId}>
      <Heading id={titleId} tabIndex={-1} ref={heading}>
        Please confirm
      </Heading>
      <p>{confirm.question}</p>
      <Form method="post" action={action} className="confirm-step-buttons">
        {Object.entries(confirm.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <SubmitButton>{yes}</SubmitButton>
        <Link to={cancelTo} className="button button-secondary" preventScrollReset={preventScrollReset}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
