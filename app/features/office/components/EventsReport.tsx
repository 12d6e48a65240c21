import { Form, useSubmit } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { bandChartSummary, type BandBar, type EventsReportState, type Tile } from "~/features/office/events-report";
import { DEFAULT_PAGE_SIZE } from "~/kernel/store/paging";
import { BarChart } from "./BarChart";
import { ReportYearField } from "./RenewalsReport";

/**
 * The Year and Event selects: a GET form, so the choice is in the URL and works
 * without JavaScript (the Show button); with it, changing a select submits.
 */
export function EventsFilterForm({ state, thisYear, titles }: { state: EventsReportState; thisYear: number; titles: string[] }) {
  const submit = useSubmit();
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const form = event.currentTarget.form;
    if (form) submit(form, { preventScrollReset: true });
  };
  return (
    <Form method="get" className="report-year-form events-filter-form" preventScrollReset>
      <ReportYearField id="events-year" year={state.year} thisYear={thisYear} onChange={onChange} />
      <div className="field">
        <label htmlFor="events-event">Event</label>
        <select id="events-event" name="event" defaultValue={state.event ?? ""} key={`e${state.year}:${state.event ?? ""}`} onChange={onChange}>
          <option value="">Please Select</option>
          {titles.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
        </select>
      </div>
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
