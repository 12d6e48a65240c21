const CHART = { width: 360, height: 150, top: 16, bottom: 20 };

export interface Bar {
  label: string;
  count: number;
  /** 0–100, of the tallest bar. */
  height: number;
}

/** A small bar chart as inline SVG drawn on the server, its figures in words (`summary`) for screen readers. */
export function BarChart({ caption, summary, bars }: { caption: string; summary: string; bars: readonly Bar[] }) {
  const slot = CHART.width / bars.length;
  const plot = CHART.height - CHART.top - CHART.bottom;
  const base = CHART.height - CHART.bottom;
  return (
    <figure className="renewals-chart">
      <figcaption>{caption}</figcaption>
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={summary} focusable="false">
        <line x1="0" x2={CHART.width} y1={base} y2={base} className="chart-axis" />
        {bars.map((bar, i) => {
          const h = (bar.height / 100) * plot;
          const x = i * slot + slot * 0.2;
          const middle = x + slot * 0.3;
          return (
            <g key={bar.label}>
              <rect x={x} y={base - h} width={slot * 0.6} height={h} className="chart-bar" />
              {bar.count > 0 ? (
                <text x={middle} y={base - h - 3} textAnchor="middle" className="chart-count">
                  {bar.count}
                </text>
              ) : null}
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
