/**
 * The one message of a refused back-office post, as an alert: a conform reply's form
 * error (`submission.reply({ formErrors })`, status 400) or the store-outage answer
 * (`{ formError }`, status 503). The row buttons have no fields to mark, so one line says it.
 */
export function ActionError({ reply }: { reply: unknown }) {
  const message = formErrorOf(reply);
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

function formErrorOf(reply: unknown): string | undefined {
  if (!reply || typeof reply !== "object") return undefined;
  const answer = reply as { formError?: unknown; error?: Record<string, unknown> | null };
  if (typeof answer.formError === "string") return answer.formError;
  const errors = answer.error?.[""];
  return Array.isArray(errors) && typeof errors[0] === "string" ? errors[0] : undefined;
}
