import { Link } from "@remix-run/react";
import { Fragment } from "react";
import type { OutboxEmailView } from "~/features/mail/outbox";

/**
 * One e-mail of the outbox: its facts, the extra headers it was sent with, its HTML in a sandboxed frame and its text.
 * Shared by /accounts/emails/{id} and /dev/mail/{id}; `backTo` is the list.
 */
export function OutboxMessage({ email, backTo }: { email: OutboxEmailView; backTo: string }) {
  return (
    <div className="outbox-message">
      <p>
        <Link to={backTo}>Back to the e-mails</Link>
      </p>
      <dl className="dev-mail-facts">
        <dt>Subject</dt>
        <dd>{email.subject || "(no subject)"}</dd>
        <dt>To</dt>
        <dd>{email.to}</dd>
        <dt>Date</dt>
        <dd>{`${email.sentAt} (UK time)`}</dd>
        <dt>Purpose</dt>
        <dd>{email.purpose}</dd>
        <dt>Status</dt>
        <dd>{`${email.statusLabel} (${email.status} via ${email.provider}, updated ${email.updatedAt})`}</dd>
        <dt>Provider id</dt>
        <dd>{email.providerId ?? "none"}</dd>
        {email.error ? (
          <>
            <dt>Error</dt>
            <dd className="outbox-error">{email.error}</dd>
          </>
        ) : null}
      </dl>
      {email.headers && Object.keys(email.headers).length > 0 ? (
        <>
          {/* A mailing's copy carries its List-Unsubscribe headers (docs/requirements.md §13): shown as sent. */}
          <h2>Headers</h2>
          <dl className="dev-mail-facts outbox-headers">
            {Object.entries(email.headers).map(([name, value]) => (
              <Fragment key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      ) : null}
      <h2>HTML</h2>
      {/* sandbox with no permissions: nothing in the e-mail runs, submits or reaches this page. */}
      <iframe className="dev-mail-html" title={`The e-mail as HTML: ${email.subject}`} sandbox="" srcDoc={email.html} />
      <h2>Text</h2>
      <pre className="dev-mail-text">{email.text}</pre>
    </div>
  );
}
