import Papa from "papaparse";
import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import type { AssetReturns } from "./assetReturns.ts";
import { returnsFromRecords, type ReturnsFromRecordsOptions } from "./returnsFromRecords.ts";

/**
 * Labelled returns from CSV text in wide form: a header row (the date column, then one column per
 * asset id) and one row per date, as `DataFrame.to_csv()` writes it. Parsed by Papa Parse (RFC 4180
 * quoting, any line ending); numbers must be plain decimals; an empty cell is refused, naming its
 * row and column. Then as {@link returnsFromRecords}.
 *
 * Cost: O(size of the text).
 * @throws EngineError INVALID_INPUT naming the line and column, or the rule.
 * @example
 * returnsFromCsv("date,A,B\n2024-01-01,100,50\n2024-01-02,101,49.5\n2024-01-03,102.01,49.5").frequency // => "daily"
 */
export function returnsFromCsv(text: string, options: ReturnsFromRecordsOptions = {}): AssetReturns {
  const o = readOptions<ReturnsFromRecordsOptions>(options, "{ dateColumn?, values?, frequency?, periodsPerYear? }", [
    "dateColumn",
    "values",
    "frequency",
    "periodsPerYear",
  ]);
  if (typeof text !== "string" || text.trim().length === 0)
    throw new EngineError("INVALID_INPUT", "text must be non-empty CSV", { field: "text" });
  const parsed = Papa.parse<Record<string, string>>(text.trim(), {
    header: true,
    skipEmptyLines: "greedy",
    dynamicTyping: false,
  });
  const error = parsed.errors[0];
  if (error !== undefined) {
    const line = error.row === undefined ? "" : ` on data row ${error.row + 1}`;
    throw new EngineError("INVALID_INPUT", `text is not well-formed CSV${line}: ${error.message}`, { field: "text" });
  }
  const header = parsed.meta.fields ?? [];
  const dateColumn = o.dateColumn ?? (header.includes("date") ? "date" : header[0]);
  const records = parsed.data.map((row, t) => {
    const out: Record<string, unknown> = {};
    for (const column of header) {
      const cell = (row[column] ?? "").trim();
      if (column === dateColumn) {
        out[column] = /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
        continue;
      }
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(cell)) {
        throw new EngineError("INVALID_INPUT", `text row ${t + 1}, column ${column}: "${cell}" is not a number`, {
          field: `text[${t + 1}].${column}`,
        });
      }
      out[column] = Number(cell);
    }
    return out;
  });
  return returnsFromRecords(records, { ...o, ...(dateColumn === undefined ? {} : { dateColumn }) });
}
