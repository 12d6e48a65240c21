import { Field, fieldBinder, replyErrors, replyValue, type FormReply } from "~/kernel/forms";
import { OFFLINE_METHODS, METHOD_LABELS, PART_PAYMENT_NOTE } from "~/features/payments/offline-payment";
import { penceToPounds } from "~/kernel/values/pounds";

/**
 * The offline payment's fields (docs/requirements.md §4.9): method, reference, date received and
 * amount, pre-filled with the full amount due and today. The same on a member's payment
 * and at the desk; the schema is offline-payment-form.ts.
 */
export function OfflinePaymentFields({
  reply,
  amount,
  today,
  idPrefix = "offline",
}: {
  reply: FormReply | undefined;
  amount: number;
  today: string;
  idPrefix?: string;
}) {
  const errors = replyErrors(reply);
  const field = fieldBinder(idPrefix, errors);
  return (
    <>
      <Field {...field("method")} label="How was it paid?" as="select" defaultValue={replyValue(reply, "method") ?? "cash"}>
        {OFFLINE_METHODS.map((method) => (
          <option key={method} value={method}>
            {METHOD_LABELS[method]}
          </option>
        ))}
      </Field>
      <Field
        {...field("reference")}
        label="Reference"
        hint="For a bank transfer, the reference on the statement; for a cheque, its number. Not needed for cash."
        type="text"
        maxLength={100}
        defaultValue={replyValue(reply, "reference") ?? ""}
      />
      <Field {...field("paidOn")} label="Date received" type="date" max={today} defaultValue={replyValue(reply, "paidOn") ?? today} />
      <Field
        {...field("amount")}
        label="Amount received (£)"
        hint={PART_PAYMENT_NOTE}
        type="text"
        inputMode="decimal"
        defaultValue={replyValue(reply, "amount") ?? penceToPounds(amount)}
      />
    </>
  );
}
