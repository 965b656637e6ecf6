/**
 * The full tear sheet's HTML page: one self-contained document (inline SVG and CSS, no script,
 * no network). Its header states the parameters; the metrics table sits in the left column with
 * as many panels beside it as its height holds, and the other panels follow two by two, so no
 * column stays blank below a shorter one.
 */
import type { MetricRow } from "../series/reportMetrics.ts";

/** What the header states. */
export interface ReportParameters {
  /** "2021-01-04 → 2023-12-29". */
  range: string;
  returns: number;
  /** "Daily, 252 periods a year". */
  sampling: string;
  riskFreeRate: number;
  convention: string;
  /** "126-day". */
  rollingWindow: string;
}

/** Pixel heights the layout estimates the table by (CSS below: 13 px text, 3 px padding, group rows with 10 px above). */
const ROW_PX = 21;
const GROUP_PX = 33;
const HEAD_PX = 30;
const GAP_PX = 16;

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The `height` attribute of an SVG document's root (0 when it has none). */
export function svgHeight(svg: string): number {
  const match = /<svg[^>]*?\sheight="([\d.]+)/.exec(svg);
  return match === null ? 0 : Number(match[1]);
}

/**
 * How many of `heights` (in page order) stand beside a table `tableHeight` high: panels are added
 * while the column's height stays nearer to the table's than without the panel.
 *
 * @example
 * panelsBeside(1000, [300, 300, 300, 300]) // => 3
 */
export function panelsBeside(tableHeight: number, heights: readonly number[]): number {
  let used = 0;
  let k = 0;
  while (k < heights.length) {
    const next = used + (k === 0 ? 0 : GAP_PX) + heights[k]!;
    if (Math.abs(next - tableHeight) > Math.abs(used - tableHeight)) break;
    used = next;
    k++;
  }
  return Math.max(1, k);
}

/** The page: title, parameters, the metrics table beside the first panels, then the others two by two. */
export function reportHtml(
  title: string,
  parameters: ReportParameters,
  rows: MetricRow[],
  columns: [string, string],
  svgs: string[],
): string {
  let group = "";
  let groups = 0;
  const body = rows
    .map((row) => {
      const isNew = row.group !== group;
      if (isNew) groups++;
      const head = isNew ? `<tr class="group"><th colspan="3">${escapeHtml((group = row.group))}</th></tr>` : "";
      return `${head}<tr><td>${escapeHtml(row.label)}</td><td>${escapeHtml(row.portfolio)}</td><td>${escapeHtml(row.benchmark)}</td></tr>`;
    })
    .join("\n");
  const tableHeight = HEAD_PX + rows.length * ROW_PX + groups * GROUP_PX;
  const k = panelsBeside(tableHeight, svgs.map(svgHeight));
  const rate = `${(parameters.riskFreeRate * 100).toFixed(2)}% a year`;
  const facts: Array<[string, string]> = [
    ["Period", parameters.range],
    ["Returns", String(parameters.returns)],
    ["Sampling", parameters.sampling],
    ["Risk-free rate", rate],
    ["Convention", parameters.convention],
    ["Rolling window", parameters.rollingWindow],
  ];
  const header = facts
    .map(([name, value]) => `<div><span>${escapeHtml(name)}</span>${escapeHtml(value)}</div>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: Helvetica, Arial, sans-serif; margin: 24px auto; max-width: 1500px; padding: 0 16px; color: #222; }
h1 { font-size: 22px; margin: 0 0 10px; }
.params { display: flex; flex-wrap: wrap; gap: 6px 26px; font-size: 13px; margin: 0 0 18px; padding: 8px 12px; background: #f4f6f8; border-radius: 4px; }
.params span { color: #666; margin-right: 6px; }
.top { display: flex; gap: 28px; align-items: flex-start; }
table { border-collapse: collapse; font-size: 13px; min-width: 340px; }
td, th { padding: 3px 8px; text-align: right; white-space: nowrap; } td:first-child { text-align: left; }
tr.group th { text-align: left; padding-top: 10px; border-bottom: 1px solid #bbb; font-size: 12px; color: #555; }
thead th { border-bottom: 2px solid #333; }
.beside { display: flex; flex-direction: column; gap: ${GAP_PX}px; min-width: 0; }
.grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: ${GAP_PX}px 24px; margin-top: ${GAP_PX}px; align-items: start; }
svg { max-width: 100%; height: auto; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<div class="params">${header}</div>
<div class="top">
<table>
<thead><tr><th></th><th>${escapeHtml(columns[0])}</th><th>${escapeHtml(columns[1])}</th></tr></thead>
<tbody>
${body}
</tbody>
</table>
<div class="beside">
${svgs.slice(0, k).join("\n")}
</div>
</div>
<div class="grid">
${svgs.slice(k).join("\n")}
</div>
</body>
</html>
`;
}
