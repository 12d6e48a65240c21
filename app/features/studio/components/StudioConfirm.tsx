import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FormMessage, SubmitButton } from "~/kernel/forms";

/** What an action answers before a destructive change: the question, and the fields to post again with `confirmed=1`. */
export interface StudioConfirmation {
  question: string;
  fields: Record<string, string>;
}

/** A studio list's answer to a row button: the question to confirm, or why nothing was done. */
export type StudioRowAnswer = { confirm: StudioConfirmation } | { formError: string };

/**
 * The second step of a destructive change in the studio (remove, move the team): the
 * question, Yes or Cancel. The first post answers it; Yes posts the same fields again with
 * `confirmed=1`. Works the same with and without JavaScript.
 */
export function StudioConfirm({ confirm, path }: { confirm: StudioConfirmation; path: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigation();
  useEffect(() => heading.current?.focus(), []);
  const busy = navigation.state === "submitting";
  return (
    <section className="confirm-step" aria-labelledby="confirm-step-title">
      <h2 id="confirm-step-title" tabIndex={-1} ref={heading}>
        Please confirm
      </h2>
      <p>{confirm.question}</p>
      <Form method="post" action={path} className="confirm-step-buttons">
        {Object.entries(confirm.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <SubmitButton pending={busy}>Yes</SubmitButton>
        <Link to={path} className="button button-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** At the top of a studio list: the question its row button asked (StudioConfirm), or the refusal's message. */
export function StudioRowReply({ answer, path }: { answer: StudioRowAnswer | null | undefined; path: string }) {
  return (
    <>
      {answer && "confirm" in answer ? <StudioConfirm confirm={answer.confirm} path={path} /> : null}
      <FormMessage message={answer && "formError" in answer ? answer.formError : undefined} />
    </>
  );
}
