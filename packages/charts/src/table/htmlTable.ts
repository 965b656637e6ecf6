import { ChartError } from "../ChartError.ts";

/** How one column's numbers are written: a fixed number of decimals (with thousands separators), a percentage, or a function. */
export type ColumnFormat = "percent" | "integer" | { digits: number; percent?: boolean } | ((value: number) => string);

/** Options of {@link htmlTable}. */
export interface HtmlTableOptions {
  /** A caption above the table. Default: none. */
  caption?: string;
  /** Per-column number format, by column name. Default: 4 significant digits for every number column. */
  formats?: Readonly<Record<string, ColumnFormat>>;
  /** The header of the row-name column when `rows` is an object of rows. Default `""`. */
  indexHeader?: string;
}

/** A table's rows: an array of records, or records keyed by row name (as `console.table` takes). */
export type TableRows =
  | ReadonlyArray<Readonly<Record<string, unknown>>>
  | Readonly<Record<string, Readonly<Record<string, unknown>>>>;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Writes rows of results as one self-contained HTML `<table>` with numbers formatted for people
 * and right-aligned: what a notebook shows as rich output (`Deno.jupyter.display({ "text/html": … })`)
 * instead of `console.table`'s text, where numbers became quoted strings. Values stay numbers in
 * the caller's data; only this view rounds them. A number that is not finite (NaN, ±Infinity) is
 * written as "n/a", `null` and `undefined` as an empty cell; strings are escaped, so the HTML is
 * safe to display whatever the data hold. Columns are the union of the rows' keys, in first-seen
 * order. Cost: O(rows × columns).
 *
 * Default number format: up to 4 significant digits, with a thousands separator for large
 * values (`12,345`, `0.8791`, `-3.2e-7` becomes `-3.200e-7`).
 *
 * @throws ChartError naming `rows` (not an array or object of objects), `options.formats.<column>`
 *   (an unknown format) or `options.caption` (not a string)
 * @example
 * htmlTable([{ symbol: "GRID", weight: 0.5 }], { formats: { weight: "percent" } })
 * // => '<table class="thematic-table">…<td style="text-align:right">50.0%</td>…</table>'
 */
export function htmlTable(rows: TableRows, options: HtmlTableOptions = {}): string {
  if (rows === null || typeof rows !== "object")
    throw new ChartError("rows", "must be an array of objects or an object of objects");
  if (options.caption !== undefined && typeof options.caption !== "string")
    throw new ChartError("options.caption", "must be a string");
  const named = !Array.isArray(rows);
  const entries: Array<[string, Readonly<Record<string, unknown>>]> = named
    ? Object.entries(rows as Record<string, Record<string, unknown>>)
    : (rows as ReadonlyArray<Record<string, unknown>>).map((row, i) => [String(i), row]);
  const columns: string[] = [];
  const seen = new Set<string>();
  entries.forEach(([name, row]) => {
    if (row === null || typeof row !== "object" || Array.isArray(row))
      throw new ChartError(named ? `rows.${name}` : `rows[${name}]`, "must be an object of column values");
    for (const key of Object.keys(row)) if (!seen.has(key)) seen.add(key), columns.push(key);
  });
  const formatters = new Map<string, (value: number) => string>();
  for (const [column, format] of Object.entries(options.formats ?? {}))
    formatters.set(column, formatter(column, format));

  const head = [...(named ? [options.indexHeader ?? ""] : []), ...columns]
    .map((c) => `<th>${escapeHtml(c)}</th>`)
    .join("");
  const body = entries
    .map(([name, row]) => {
      const cells = columns.map((column) => cell(row[column], formatters.get(column) ?? defaultNumber));
      return `<tr>${named ? `<th style="text-align:left">${escapeHtml(name)}</th>` : ""}${cells.join("")}</tr>`;
    })
    .join("\n");
  const caption = options.caption === undefined ? "" : `<caption>${escapeHtml(options.caption)}</caption>`;
  return `<table class="thematic-table">${caption}<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody></table>`;
}

function cell(value: unknown, format: (value: number) => string): string {
  if (value === null || value === undefined) return "<td></td>";
  if (typeof value === "number")
    return `<td style="text-align:right">${Number.isFinite(value) ? escapeHtml(format(value)) : "n/a"}</td>`;
  if (typeof value === "bigint") return `<td style="text-align:right">${value.toString()}</td>`;
  const text = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  return `<td>${escapeHtml(text)}</td>`;
}

const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

function defaultNumber(value: number): string {
  if (value === 0) return "0";
  const magnitude = Math.abs(value);
  if (magnitude >= 1e4 && magnitude < 1e15) return grouped.format(value);
  if (magnitude >= 1e15 || magnitude < 1e-4) return value.toExponential(3);
  return String(Number(value.toPrecision(4)));
}

function formatter(column: string, format: ColumnFormat): (value: number) => string {
  if (typeof format === "function") return format;
  if (format === "percent") return (v) => `${(100 * v).toFixed(1)}%`;
  if (format === "integer") return (v) => grouped.format(Math.round(v));
  if (
    format !== null &&
    typeof format === "object" &&
    Number.isInteger(format.digits) &&
    format.digits >= 0 &&
    format.digits <= 12
  ) {
    const { digits, percent = false } = format;
    const fixed = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    return percent ? (v) => `${fixed.format(100 * v)}%` : (v) => fixed.format(v);
  }
  throw new ChartError(
    `options.formats.${column}`,
    'must be "percent", "integer", { digits: 0..12, percent? } or a function',
  );
}
