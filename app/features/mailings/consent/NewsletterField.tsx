import { Field, type BoundField } from "~/kernel/forms";
import { NEWSLETTER_HINT, NEWSLETTER_LABEL } from "./consent";

/**
 * The newsletter box of Edit Account and Edit Member (docs/requirements.md §13): unticked unless
 * the member said yes; `current` is the stored choice as words ("Not asked", "Yes, since …").
 */
export function NewsletterField({ defaultValue, current, own, ...bound }: BoundField & { current: string; own: boolean }) {
  return (
    <fieldset>
      <legend>Newsletters</legend>
      <p className="account-note">{`${own ? "Your choice now" : "The member's choice now"}: ${current}. ${NEWSLETTER_HINT}`}</p>
      <Field type="checkbox" className="field-check" defaultChecked={defaultValue === "on"} label={NEWSLETTER_LABEL} {...bound} />
    </fieldset>
  );
}

/**
 * Edit Account's way to start membership notices again (docs/requirements.md §13), shown only
 * while a notice's one-click unsubscribe has stopped them: an unticked box, so saving the form
 * for another reason never starts them by itself.
 */
export function RestartNoticesField({ defaultValue, ...bound }: BoundField) {
  return (
    <fieldset>
      <legend>Membership notices</legend>
      <p className="account-note">
        You stopped membership notices (the AGM, fee changes, renewals). Receipts and tickets still come. Tick the box to get the notices again.
      </p>
      <Field type="checkbox" className="field-check" defaultChecked={defaultValue === "on"} label="Send me membership notices again" {...bound} />
    </fieldset>
  );
}
