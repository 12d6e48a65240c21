import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import {
  BULK_EMAIL_FALLBACK_MESSAGE,
  chartSummary,
  manualSendingPrompt,
  reminderQuestion,
  reportYears,
  type ChartBar,
  type RenewalsActionData,
  type ReportCount,
} from "~/features/office/renewals-report";
import { SubmitButton } from "~/kernel/forms";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { BarChart } from "./BarChart";

/** The reports' Year field: this year and the previous one (a report's GET form submits it). */
export function ReportYearField(props: { id: string; year: number; thisYear: number; onChange?: (event: ChangeEvent<HTMLSelectElement>) => void }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>Year</label>
      <select id={props.id} name="year" defaultValue={props.year} key={props.year} onChange={props.onChange}>
        {reportYears(props.thisYear).map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Renewals paid each month of the year, with the counts in words for screen readers. */
export function RenewalsChart({ year, bars }: { year: number; bars: ChartBar[] }) {
  return (
    <BarChart
      caption={`Renewals paid each month of ${year}`}
      summary={chartSummary(year, bars)}
      bars={bars.map((bar) => ({ label: bar.month, count: bar.count, height: bar.height }))}
    />
  );
}

/** A panel that takes the focus when it appears (after a post), so screen readers hear it. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="confirm-step" aria-labelledby={id}>
      <h3 id={id} tabIndex={-1} ref={heading}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * 'Send Notification To All'. With an e-mail provider: a confirm (the browser's, or a
 * second step without JavaScript), then the reminder goes to every pending member.
 * Without one: the panel of docs/requirements.md §6.9 listing the addresses for manual sending.
 * When the page counted the pending members only up to its limit (ADR 64), the question is
 * the second step's, which counts them all.
 */
export function PendingReminder(props: { count: ReportCount; delivers: boolean; action: string; answer: RenewalsActionData | undefined }) {
  const { count, delivers, action, answer } = props;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "notify";
  if (count.count === 0) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!delivers || count.atLeast) return;
    if (!window.confirm(reminderQuestion(count.count))) {
      event.preventDefault();
      return;
    }
    const confirmed = event.currentTarget.elements.namedItem("confirmed");
    if (confirmed instanceof HTMLInputElement) confirmed.value = "1";
  };
  const button = (label: string) => (
    <SubmitButton name="intent" value="notify" pending={busy}>
      {label}
    </SubmitButton>
  );

  if (answer && "panel" in answer) {
    return (
      <Panel id="bulk-email-panel" title="Send Notification To All">
        <p>{BULK_EMAIL_FALLBACK_MESSAGE}</p>
        <p>{manualSendingPrompt(answer.panel.emails.length)}</p>
        <ul className="recipient-list">
          {answer.panel.emails.map((email) => (
            <li key={email}>{email}</li>
          ))}
        </ul>
        <Link to={action} className="button" preventScrollReset>
          CLOSE
        </Link>
      </Panel>
    );
  }
  if (answer && "confirm" in answer) {
    return (
      <ConfirmStep
        confirm={{ question: reminderQuestion(answer.confirm.count), fields: { intent: "notify" } }}
        action={action}
        cancelTo={action}
        titleId="reminder-confirm"
        level={3}
        preventScrollReset
      />
    );
  }
  return (
    <Form method="post" action={action} onSubmit={onSubmit} className="reminder-form">
      <input type="hidden" name="confirmed" value="" />
      {button("Send Notification To All")}
    </Form>
  );
}

/** The automatic reminders (ADR 0050, docs/requirements.md §10.2): one line per date in the settings, what it did or will do. */
export function ReminderStages({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <section className="reminder-stages" aria-labelledby="reminder-stages-title">
      <h3 id="reminder-stages-title">Automatic reminders</h3>
      <p className="field-hint">Each morning, the reminder of the latest date that has come goes to members who have not renewed, once to each member.</p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
