import { Form, useSubmit } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { bandChartSummary, type BandBar, type EventsReportState, type Tile } from "~/features/office/events-report";
import { DEFAULT_PAGE_SIZE } from "~/kernel/store/paging";
import { BarChart } from "./BarChart";

/** One option of the Event select: an event's id (or a title of tickets with no event) and its label. */
export interface EventChoice {
  value: string;
  label: string;
}

/**
 * The Year and Event selects (docs/requirements.md §6.10): every year with events or paid
 * tickets, and the chosen year's events. A GET form, so the choice is in the URL and works
 * without JavaScript (the Show button); with it, changing a select submits.
 */
export function EventsFilterForm(props: { state: EventsReportState; years: number[]; choices: EventChoice[]; chosen: string }) {
  const { state, years, choices, chosen } = props;
  const submit = useSubmit();
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    const data = new FormData(form);
    // A new year shows that year's default event: the event of the old year is left out
    // (without JavaScript both are sent, and the year wins: events-report.ts readEventsYear).
    if (event.currentTarget.name === "year") data.delete("event");
    submit(data, { preventScrollReset: true });
  };
  return (
    <Form method="get" className="report-year-form events-filter-form" preventScrollReset>
      <div className="field">
        <label htmlFor="events-year">Year</label>
        <select id="events-year" name="year" defaultValue={state.year} key={state.year} onChange={onChange}>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      {choices.length > 0 ? (
        <div className="field">
          <label htmlFor="events-event">Event</label>
          <select id="events-event" name="event" defaultValue={chosen} key={`e${state.year}:${chosen}`} onChange={onChange}>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {state.size !== DEFAULT_PAGE_SIZE ? <input type="hidden" name="size" value={state.size} /> : null}
      <button type="submit" className="button button-secondary">
        Show
      </button>
    </Form>
  );
}

/** The seven summary tiles, as a description list (label, then figure). */
export function SummaryTiles({ tiles, scope }: { tiles: Tile[]; scope: string }) {
  return (
    <section className="events-summary" aria-labelledby="events-summary-title">
      <h2 id="events-summary-title">Summary: {scope}</h2>
      <dl className="events-tiles">
        {tiles.map((tile) => (
          <div key={tile.label} className="events-tile">
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
            {tile.detail ? <dd className="events-tile-detail">{tile.detail}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Attendees by band, with the counts in words for screen readers. */
export function BandChart({ scope, bars }: { scope: string; bars: BandBar[] }) {
  return <BarChart caption="Attendees by band" summary={bandChartSummary(scope, bars)} bars={bars} />;
}
