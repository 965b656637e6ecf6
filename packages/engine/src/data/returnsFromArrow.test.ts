import {
  DateMillisecond,
  Field,
  Float64,
  Schema,
  Table,
  TimestampMillisecond,
  tableFromArrays,
  tableFromIPC,
  tableToIPC,
  vectorFromArray,
} from "apache-arrow";
import { describe, expect, it } from "vitest";
import { returnsFromArrow } from "./returnsFromArrow.ts";
import { returnsFromPrices } from "./returnsFromPrices.ts";

const days = [Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2), Date.UTC(2024, 0, 3), Date.UTC(2024, 0, 4)];
const A = [100, 101, 99.5, 102];
const B = [50, 50.5, 51, 50];

describe("returnsFromArrow (a real apache-arrow Table, through IPC as pandas or polars would send it)", () => {
  it("reads a Date column and float columns, and equals returnsFromPrices on the same closes", () => {
    const table = new Table({
      date: vectorFromArray(
        days.map((d) => new Date(d)),
        new DateMillisecond(),
      ),
      A: vectorFromArray(A, new Float64()),
      B: vectorFromArray(B, new Float64()),
    });
    const fromIpc = tableFromIPC(tableToIPC(table));
    const r = returnsFromArrow(fromIpc);
    const expected = returnsFromPrices({ A, B }, { dates: days.map((d) => d / 1000) });
    expect(r.assets).toEqual(["A", "B"]);
    expect(r.frequency).toBe("daily");
    expect(Array.from(r.returns)).toEqual(Array.from(expected.returns));
    expect(r.dates).toEqual(expected.dates);
  });

  it("reads a Timestamp column in milliseconds", () => {
    const schema = new Schema([new Field("when", new TimestampMillisecond()), new Field("A", new Float64())]);
    const table = new Table(schema, {
      when: vectorFromArray(days, new TimestampMillisecond()),
      A: vectorFromArray(A, new Float64()),
    } as never);
    const r = returnsFromArrow(tableFromIPC(tableToIPC(table)), { dateColumn: "when" });
    expect(r.dates).toEqual(days.slice(1).map((d) => d / 1000));
  });

  it("refuses a missing value naming its column and row", () => {
    const table = tableFromArrays({
      date: Float64Array.from(days, (d) => d / 1000),
      A: [100, null, 101, 102] as unknown as Float64Array,
    });
    expect(() => returnsFromArrow(table)).toThrow(/table\.A\[1\]/);
  });
});
