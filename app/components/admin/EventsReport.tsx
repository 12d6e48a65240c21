import { Form, useSubmit } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { bandChartSummary, type BandBar, type EventsReportState, type Tile } from "~/domain/events-report";
import { DEFAULT_PAGE_SIZE } from "~/domain/member-table";
import { reportYears } from "~/domain/renewals-report";

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
      <div className="field">
        <label htmlFor="events-year">Year</label>
        <select id="events-year" name="year" defaultValue={state.year} key={`y${state.year}`} onChange={onChange}>
          {reportYears(thisYear).map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
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
          </div>
        ))}
      </dl>
    </section>
  );
}

const CHART = { width: 360, height: 150, top: 16, bottom: 20 };

/** Attendees by band: a small inline SVG drawn on the server, with the counts in words for screen readers. */
export function BandChart({ scope, bars }: { scope: string; bars: BandBar[] }) {
  const slot = CHART.width / bars.length;
  const plot = CHART.height - CHART.top - CHART.bottom;
  const base = CHART.height - CHART.bottom;
  return (
    <figure className="renewals-chart">
      <figcaption>Attendees by band</figcaption>
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={bandChartSummary(scope, bars)} focusable="false">
        <line x1="0" x2={CHART.width} y1={base} y2={base} className="chart-axis" />
        {bars.map((bar, i) => {
          const h = (bar.height / 100) * plot;
          const x = i * slot + slot * 0.25;
          const middle = x + slot * 0.25;
          return (
            <g key={bar.label}>
              <rect x={x} y={base - h} width={slot * 0.5} height={h} className="chart-bar" />
              <text x={middle} y={base - h - 3} textAnchor="middle" className="chart-count">
                {bar.count}
              </text>
              <text x={middle} y={CHART.height - 5} textAnchor="middle" className="chart-month">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
