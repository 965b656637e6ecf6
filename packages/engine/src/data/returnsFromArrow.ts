import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import type { AssetReturns } from "./assetReturns.ts";
import { fromColumns, type ReturnsFromRecordsOptions } from "./returnsFromRecords.ts";
import { readDateValue } from "./_internal/readDateValue.ts";

/**
 * The part of an Apache Arrow `Table` (the `apache-arrow` package, any version from 13) this builder
 * reads: so a pandas or polars frame crosses over through Arrow IPC (`tableFromIPC(bytes)`), and the
 * engine itself depends on no Arrow build.
 */
export interface ArrowTableLike {
  /** Rows of the table. */
  readonly numRows: number;
  /** Column names and types; a type's `unit` is Arrow's TimeUnit (Timestamp columns), its `toString()` names it ("Float64", "Date32<DAY>"…). */
  readonly schema: {
    readonly fields: ReadonlyArray<{
      readonly name: string;
      readonly type: {
        readonly unit?: number;
        /** The type's name. */
        toString(): string;
      };
    }>;
  };
  /** The column `name` (null when absent). */
  getChild(name: string): {
    /** The value of row `index`. */
    get(index: number): unknown;
    readonly length: number;
  } | null;
}

/** Arrow's TimeUnit: SECOND 0, MILLISECOND 1, MICROSECOND 2, NANOSECOND 3. */
const SECONDS_PER_UNIT = [1, 1e-3, 1e-6, 1e-9] as const;

/**
 * Labelled returns from an Apache Arrow table in wide form: a date column (Arrow Date, Timestamp of
 * any unit, ISO strings or Unix seconds) and one numeric column per asset id. Then as
 * {@link returnsFromRecords}: prices become returns unless `values: "returns"`; the frequency is read from the dates unless given.
 *
 * Cost: O(T·N).
 * @throws EngineError INVALID_INPUT naming `table.<column>[row]` and the rule.
 * @example
 * // const table = tableFromIPC(bytesFromPolars); // apache-arrow
 * // returnsFromArrow(table, { dateColumn: "date" }).assets // => ["A", "B"]
 */
export function returnsFromArrow(table: ArrowTableLike, options: ReturnsFromRecordsOptions = {}): AssetReturns {
  const o = readOptions<ReturnsFromRecordsOptions>(options, "{ dateColumn?, values?, frequency?, periodsPerYear? }", [
    "dateColumn",
    "values",
    "frequency",
    "periodsPerYear",
  ]);
  if (
    table === null ||
    typeof table !== "object" ||
    typeof table.getChild !== "function" ||
    !Array.isArray(table.schema?.fields)
  ) {
    throw new EngineError(
      "INVALID_INPUT",
      "table must be an Apache Arrow Table (from apache-arrow's tableFromIPC or tableFromArrays)",
      { field: "table" },
    );
  }
  const names = table.schema.fields.map((f) => f.name);
  const dateColumn = o.dateColumn ?? (names.includes("date") ? "date" : names[0]);
  const dateField = table.schema.fields.find((f) => f.name === dateColumn);
  if (dateField === undefined)
    throw new EngineError(
      "INVALID_INPUT",
      `table has no date column "${String(dateColumn)}" (columns: ${names.join(", ")}); name it with options.dateColumn`,
      { field: "options.dateColumn" },
    );
  const rows = table.numRows;
  if (!Number.isInteger(rows) || rows < 2)
    throw new EngineError("INVALID_INPUT", `table must hold at least 2 rows, got ${rows}`, { field: "table" });
  const dateVector = table.getChild(dateField.name)!;
  const typeName = String(dateField.type);
  const unitSeconds = /^Timestamp/i.test(typeName)
    ? (SECONDS_PER_UNIT[dateField.type.unit as 0 | 1 | 2 | 3] ?? 1e-3)
    : /^Date/i.test(typeName)
      ? 1e-3
      : undefined;
  const dates: number[] = new Array(rows);
  for (let t = 0; t < rows; t++) {
    const v = dateVector.get(t);
    const field = `table.${dateField.name}[${t}]`;
    if (unitSeconds !== undefined && (typeof v === "number" || typeof v === "bigint"))
      dates[t] = Number(v) * unitSeconds;
    else dates[t] = readDateValue(field, v);
  }
  const assets = names.filter((name) => name !== dateField.name);
  if (assets.length === 0)
    throw new EngineError("INVALID_INPUT", "table has no asset column besides the date", { field: "table" });
  const columns = assets.map((name) => {
    const vector = table.getChild(name)!;
    const out = new Float64Array(rows);
    for (let t = 0; t < rows; t++) {
      const v = vector.get(t);
      const x = typeof v === "bigint" ? Number(v) : v;
      if (typeof x !== "number" || !Number.isFinite(x)) {
        throw new EngineError(
          "INVALID_INPUT",
          `table.${name}[${t}] must be a finite number, got ${x === null ? "null (a missing value)" : String(x)}`,
          { field: `table.${name}[${t}]` },
        );
      }
      out[t] = x;
    }
    return out;
  });
  return fromColumns(assets, columns, dates, o.values ?? "prices", o);
}
