import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { outcome } from "../_test/outcome.ts";
import { businessCalendar, utc } from "../_test/businessCalendar.ts";
import { checkedPrepare, prepareCalendar } from "./preparedCalendar.ts";

const DAY = 86400;

/** The prepared calendar as plain arrays (or the EngineError), to compare two paths. */
function plain(run: () => { days: Float64Array; weekEnds: Int32Array }): unknown {
  return outcome(() => {
    const { days, weekEnds } = run();
    return { days: Array.from(days), weekEnds: Array.from(weekEnds) };
  });
}

describe("prepareCalendar (one pass for arrays of valid days)", () => {
  it("gives what the rule-by-rule checks give, days, week ends and errors, for arrays and Float64Arrays, valid or not", () => {
    const fault = fc.record({
      at: fc.nat(),
      value: fc.constantFrom<unknown>(
        Number.NaN,
        Infinity,
        -Infinity,
        "x",
        null,
        undefined,
        1e15,
        -1e15,
        DAY / 2,
        0.5,
        -0,
      ),
      kind: fc.constantFrom("replace", "offset", "repeat", "swap", "milliseconds"),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20000 }),
        fc.integer({ min: 1, max: 80 }),
        fc.constantFrom(0, 0.1, 0.5),
        fc.boolean(),
        fc.option(fault, { nil: undefined }),
        (startDay, length, holidayRate, typed, f) => {
          let r = startDay + 1;
          const random = (): number => (r = (r * 48271) % 2147483647) / 2147483647;
          const from = utc("1970-01-01") + (startDay - 10000) * DAY;
          const days: unknown[] = businessCalendar(from, from + length * DAY, () => random() < holidayRate);
          if (f !== undefined && days.length > 0) {
            const i = f.at % days.length;
            if (f.kind === "replace") days[i] = f.value;
            else if (f.kind === "offset") days[i] = (days[i] as number) + 1;
            else if (f.kind === "repeat" && i > 0) days[i] = days[i - 1];
            else if (f.kind === "swap" && i > 0) [days[i - 1], days[i]] = [days[i], days[i - 1]];
            else if (f.kind === "milliseconds") days[i] = (days[i] as number) * 1000;
          }
          const input = typed && days.every((d) => typeof d === "number") ? Float64Array.from(days as number[]) : days;
          const copy = input instanceof Float64Array ? Float64Array.from(input) : [...(input as unknown[])];
          expect(plain(() => prepareCalendar(input))).toStrictEqual(plain(() => checkedPrepare(copy)));
        },
      ),
      { seed: 23043, numRuns: 500 },
    );
  });

  it("names the first day breaking a rule, as the rule-by-rule checks do", () => {
    expect(() => prepareCalendar([utc("2024-01-02"), utc("2024-01-02")])).toThrowError(
      /calendar must be strictly increasing: calendar\[1\]/,
    );
    expect(() => prepareCalendar([utc("2024-01-02"), Number.NaN])).toThrowError(
      "calendar[1] must be a finite number, got NaN",
    );
    expect(() => prepareCalendar([])).toThrowError(/calendar must hold at least 1 value/);
  });
});
