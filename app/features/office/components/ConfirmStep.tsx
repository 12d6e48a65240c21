import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { memberActionValue } from "~/features/office/member-action-value";
import type { MemberAction } from "~/features/office/member-actions";
import { SubmitButton } from "~/kernel/forms";

/** The second step of a change when the browser did not ask (JavaScript off): the spec's question, Yes or Cancel. */
export function ConfirmStep(props: { path: string; confirm: { intent: MemberAction; id: string; question: string; search: string } }) {
  const { path, confirm } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigation();
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="confirm-step" aria-labelledby="confirm-step-title">
      <h2 id="confirm-step-title" tabIndex={-1} ref={heading}>
        Please confirm
      </h2>
      <p>{confirm.question}</p>
      <Form method="post" action={`${path}${confirm.search}`} className="confirm-step-buttons">
        <input type="hidden" name="do" value={memberActionValue(confirm.intent, confirm.id)} />
        <input type="hidden" name="confirmed" value="1" />
        <SubmitButton pending={navigation.state === "submitting"}>Yes</SubmitButton>
        <Link to={`${path}${confirm.search}`} className="button button-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
