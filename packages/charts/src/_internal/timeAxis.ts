/** Seconds in an average (Julian) year: docs/maths.md#calendar-and-time. */
const SECONDS_PER_YEAR = 365.25 * 86400;

/** The Vega-Lite `x` encoding of a weekly time axis. */
export interface TimeEncoding {
  field: "date";
  type: "temporal";
  scale: { type: "utc" };
  axis: {
    title: string;
    format: string;
    tickCount: { interval: "month" | "year"; step: number };
    labelOverlap: "greedy";
    grid: boolean;
  };
}

/**
 * An x axis for dated points spanning `spanSeconds`, with ticks readable from 1 to 20 years
 * (and beyond) at any plot width of 360 px or more: at most about 12 labels, on round calendar
 * boundaries in UTC. Up to 18 months: every 2 months ("Mar 2025"); up to 4 years: every quarter;
 * up to 12 years: every year ("2019"); longer: every `ceil(years / 10)` years.
 *
 * @example
 * timeEncoding(20 * 365.25 * 86400).axis.tickCount // => { interval: "year", step: 2 }
 */
export function timeEncoding(spanSeconds: number, title = "Date (UTC)"): TimeEncoding {
  const years = spanSeconds / SECONDS_PER_YEAR;
  const tickCount =
    years <= 1.5
      ? ({ interval: "month", step: 2 } as const)
      : years <= 4
        ? ({ interval: "month", step: 3 } as const)
        : years <= 12
          ? ({ interval: "year", step: 1 } as const)
          : ({ interval: "year", step: Math.ceil(years / 10) } as const);
  return {
    field: "date",
    type: "temporal",
    scale: { type: "utc" },
    axis: {
      title,
      format: tickCount.interval === "month" ? "%b %Y" : "%Y",
      tickCount,
      labelOverlap: "greedy",
      grid: true,
    },
  };
}
