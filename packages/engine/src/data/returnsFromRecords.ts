import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { assetReturns, type AssetReturns } from "./assetReturns.ts";
import type { FrequencyInput } from "./Frequency.ts";
import { inferFrequency } from "./inferFrequency.ts";
import { returnsFromPrices } from "./returnsFromPrices.ts";
import { readDateValue } from "./_internal/readDateValue.ts";

/** Options of {@link returnsFromRecords} (and of the CSV and Arrow builders, which end here). */
export interface ReturnsFromRecordsOptions extends FrequencyInput {
  /** The date column's name; default "date". Every other column is an asset. */
  dateColumn?: string;
  /** What the asset columns hold: "prices" (closes, default) or "returns" (per-period simple returns). */
  values?: "prices" | "returns";
}

/**
 * Labelled returns from rows of a table in wide form, one row per date and one column per asset
 * (`[{ date: "2024-01-31", A: 101.2, B: 55.1 }, …]`, what `DataFrame.to_dict("records")` gives after
 * `reset_index()`). Dates: Unix seconds, `Date` or ISO strings, strictly increasing; the frequency
 * is read from them unless given. Prices become simple returns (one period fewer).
 *
 * Cost: O(T·N).
 * @throws EngineError INVALID_INPUT naming `records[t].<column>` and the rule.
 * @example
 * const r = returnsFromRecords([
 *   { date: "2024-01-31", A: 100, B: 50 }, { date: "2024-02-29", A: 110, B: 50 }, { date: "2024-03-31", A: 99, B: 55 },
 * ]);
 * [r.frequency, r.assets, r.periods] // => ["monthly", ["A", "B"], 2]
 */
export function returnsFromRecords(
  records: ReadonlyArray<Readonly<Record<string, unknown>>>,
  options: ReturnsFromRecordsOptions = {},
): AssetReturns {
  const o = readOptions<ReturnsFromRecordsOptions>(options, "{ dateColumn?, values?, frequency?, periodsPerYear? }", [
    "dateColumn",
    "values",
    "frequency",
    "periodsPerYear",
  ]);
  const dateColumn = o.dateColumn ?? "date";
  if (typeof dateColumn !== "string" || dateColumn.length === 0)
    throw new EngineError("INVALID_INPUT", "options.dateColumn must be a non-empty string", {
      field: "options.dateColumn",
    });
  const kind = o.values ?? "prices";
  if (kind !== "prices" && kind !== "returns")
    throw new EngineError("INVALID_INPUT", `options.values must be "prices" or "returns", got ${String(kind)}`, {
      field: "options.values",
    });
  if (!Array.isArray(records) || records.length === 0)
    throw new EngineError("INVALID_INPUT", "records must be a non-empty array of rows", { field: "records" });
  const first = records[0];
  if (first === null || typeof first !== "object")
    throw new EngineError("INVALID_INPUT", "records[0] must be an object (one row)", { field: "records[0]" });
  if (!Object.hasOwn(first, dateColumn)) {
    throw new EngineError(
      "INVALID_INPUT",
      `records[0] has no date column "${dateColumn}" (columns: ${Object.keys(first).join(", ")}); name it with options.dateColumn`,
      {
        field: "options.dateColumn",
      },
    );
  }
  const assets = Object.keys(first).filter((k) => k !== dateColumn);
  if (assets.length === 0)
    throw new EngineError("INVALID_INPUT", "records have no asset column besides the date", { field: "records[0]" });
  const columns = assets.map(() => new Float64Array(records.length));
  const dates: number[] = new Array(records.length);
  for (let t = 0; t < records.length; t++) {
    const row = records[t];
    if (row === null || typeof row !== "object")
      throw new EngineError("INVALID_INPUT", `records[${t}] must be an object (one row)`, { field: `records[${t}]` });
    dates[t] = readDateValue(`records[${t}].${dateColumn}`, row[dateColumn]);
    if (Object.keys(row).length !== assets.length + 1) {
      const extra = Object.keys(row).find((k) => k !== dateColumn && !assets.includes(k));
      throw new EngineError(
        "INVALID_INPUT",
        `records[${t}] must have the columns of records[0]${extra === undefined ? "" : `; it adds ${extra}`}`,
        { field: `records[${t}]` },
      );
    }
    for (let i = 0; i < assets.length; i++) {
      const v = row[assets[i]!];
      if (typeof v !== "number" || !Number.isFinite(v)) {
        throw new EngineError(
          "INVALID_INPUT",
          `records[${t}].${assets[i]} must be a finite number, got ${v === undefined ? "nothing" : String(v)}`,
          { field: `records[${t}].${assets[i]}` },
        );
      }
      columns[i]![t] = v;
    }
  }
  return fromColumns(assets, columns, dates, kind, o);
}

/** The shared end of the table builders: columns by asset and dates in Unix seconds. */
export function fromColumns(
  assets: readonly string[],
  columns: readonly Float64Array[],
  dates: number[],
  kind: "prices" | "returns",
  sampling: FrequencyInput,
): AssetReturns {
  const given = sampling.frequency !== undefined || sampling.periodsPerYear !== undefined;
  const frequencyInput: FrequencyInput = given
    ? {
        ...(sampling.frequency === undefined ? {} : { frequency: sampling.frequency }),
        ...(sampling.periodsPerYear === undefined ? {} : { periodsPerYear: sampling.periodsPerYear }),
      }
    : { frequency: inferFrequency(dates) };
  if (kind === "prices") {
    return returnsFromPrices(new Map(assets.map((id, i) => [id, columns[i]!])), { ...frequencyInput, dates });
  }
  const rows = new Float64Array(dates.length * assets.length);
  for (let t = 0; t < dates.length; t++)
    for (let i = 0; i < assets.length; i++) rows[t * assets.length + i] = columns[i]![t]!;
  return assetReturns(rows, { assets, ...frequencyInput, dates });
}
