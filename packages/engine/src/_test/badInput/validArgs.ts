/**
 * Test helpers (not exported): generators of VALID inputs for every public engine function, small
 * enough that the solver-backed ones stay fast.
 */
import fc from "fast-check";
import { figiCheckDigit } from "../../identifiers/figiCheckDigit.ts";
import { isinCheckDigit } from "../../identifiers/isinCheckDigit.ts";

const DAY = 86400;
/** Monday 2024-01-01 00:00 UTC. */
const MONDAY = 1704067200;

/** A plain array or the same values as a Float64Array (or, for values a float32 holds, a Float32Array). */
export function numeric(
  values: fc.Arbitrary<number[]>,
  float32 = true,
): fc.Arbitrary<number[] | Float64Array | Float32Array> {
  return fc.tuple(values, fc.constantFrom("plain", "float64", ...(float32 ? ["float32"] : []))).map(([v, kind]) => {
    if (kind === "float64") return Float64Array.from(v);
    const f32 = Float32Array.from(v);
    // Only when rounding to float32 keeps every value finite and nonzero where it was (a valid input stays valid).
    return kind === "float32" && f32.every((x, i) => Number.isFinite(x) && (x === 0) === (v[i] === 0)) ? f32 : v;
  });
}

export const priceArb = fc.double({ min: 1, max: 1000, noNaN: true });
export const returnArb = fc.double({ min: -0.5, max: 0.5, noNaN: true });
export const prices = (minLength: number) => numeric(fc.array(priceArb, { minLength, maxLength: 40 }));
export const returns = (minLength: number) => numeric(fc.array(returnArb, { minLength, maxLength: 40 }));

/** Any finite double, including ±1.8e308, subnormals and -0. */
export const anyFinite = fc.double({ noNaN: true, noDefaultInfinity: true });
/** Any double > 0, from the smallest subnormal to 1.8e308. */
export const anyPositive = fc.double({ min: Number.MIN_VALUE, max: Number.MAX_VALUE, noNaN: true });

/** Monday-to-Friday dates (Unix seconds) of `weeks` weeks from the Monday `origin`. */
export function weekdays(weeks: number, origin = MONDAY): number[] {
  const out: number[] = [];
  for (let d = 0; d < weeks * 7; d++) if (d % 7 < 5) out.push(origin + d * DAY);
  return out;
}

/**
 * A Monday: 2024-01-01 or, as often, any from year 1 to year 9999 (less 20 weeks): the engine's
 * calendar range in Unix seconds (docs/maths.md#strict-inputs; beyond it a calendar is refused as
 * probably milliseconds).
 */
const mondayArb = fc.oneof(
  fc.constant(MONDAY),
  fc.integer({ min: -105_000, max: 416_000 }).map((k) => MONDAY + 7 * DAY * k),
);

/** Closes of `length` days, each > 0: a random walk, or (extreme) any positive doubles. */
const closesArb = (length: number, extreme = false) =>
  numeric(
    extreme
      ? fc.array(anyPositive, { minLength: length, maxLength: length })
      : fc
          .array(fc.double({ min: 0.95, max: 1.05, noNaN: true }), { minLength: length, maxLength: length })
          .map((steps) => {
            let p = 100;
            return steps.map((s) => (p *= s));
          }),
  );

/** A valid {@link buyAndHoldBacktest} input: every series covers the whole calendar; ids H0.. and benchmark SPY. */
export const backtestInput = (extreme: boolean) =>
  fc
    .record({
      weeks: fc.integer({ min: 3, max: 20 }),
      holdings: fc.integer({ min: 1, max: 3 }),
      years: fc.integer({ min: 1, max: 2 }),
      monday: mondayArb,
    })
    .chain(({ weeks, holdings, years, monday }) => {
      const calendar = weekdays(weeks, monday);
      const weight = extreme ? anyPositive : fc.double({ min: 0.1, max: 10, noNaN: true });
      return fc
        .record({
          calendar: fc.constant(calendar),
          holdings: fc.tuple(
            ...Array.from({ length: holdings }, (_, i) => weight.map((w) => ({ id: `H${i}`, weight: w }))),
          ),
          closes: fc.tuple(...Array.from({ length: holdings + 1 }, () => closesArb(calendar.length, extreme))),
          years: fc.constant(years),
          riskFreeRate: extreme
            ? fc.double({ min: -1, minExcluded: true, max: Number.MAX_VALUE, noNaN: true })
            : fc.double({ min: -0.5, max: 0.2, noNaN: true }),
        })
        .map(({ calendar, holdings: h, closes, years, riskFreeRate }) => ({
          calendar,
          holdings: h,
          prices: new Map(h.map((x, i) => [x.id, { start: 0, closes: closes[i + 1]! }])),
          benchmark: { symbol: "SPY", series: { start: 0, closes: closes[0]! } },
          years,
          asOf: calendar[calendar.length - 1]!,
          riskFreeRate,
        }));
    });
export const backtestInputArb = backtestInput(false);

/** Companies as the conviction score sees them (at least one); extreme: caps up to 1.8e308. */
export const convictionCompanies = (extreme: boolean) =>
  fc.array(
    fc.record({
      linguisticBeta: fc.double({ min: 0, max: 1, noNaN: true }),
      marketBuzz: fc.double({ min: 0, max: 1, noNaN: true }),
      marketCap: fc.option(fc.double({ min: 0, max: extreme ? Number.MAX_VALUE : 1e12, noNaN: true }), { nil: null }),
    }),
    { minLength: 1, maxLength: 8 },
  );
export const convictionCompaniesArb = convictionCompanies(false);

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALNUM = `${UPPER}0123456789`;
const CONSONANTS = "BCDFGHJKLMNPQRSTVWXZY";
const chars = (alphabet: string, length: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: length, maxLength: length }).map((c) => c.join(""));

export const isinBodyArb = fc.tuple(chars(UPPER, 2), chars(ALNUM, 9)).map(([a, b]) => a + b);
export const isinArb = isinBodyArb.map((body) => body + String(isinCheckDigit(body)));
export const figiBodyArb = fc
  .tuple(
    chars(CONSONANTS, 2).filter((p) => !["BS", "BM", "GG", "GB", "GH", "KY", "VG"].includes(p)),
    chars(`${CONSONANTS}0123456789`, 8),
  )
  .map(([prefix, rest]) => `${prefix}G${rest}`);
export const figiArb = figiBodyArb.map((body) => body + String(figiCheckDigit(body)));

/**
 * Optimizer universe: n companies C0.. (caps 1e9..1e11), scenarios over all of them. Extreme:
 * any finite signals (negative ones count as 0), returns anywhere in (-1, 1.8e308].
 */
export const universe = (extreme: boolean) =>
  fc.integer({ min: 2, max: 5 }).chain((n) =>
    fc
      .record({
        companies: fc.tuple(
          ...Array.from({ length: n }, (_, i) =>
            fc.record({
              id: fc.constant(`C${i}`),
              marketCap: fc.double({ min: 1e9, max: extreme ? Number.MAX_VALUE : 1e11, noNaN: true }),
              linguisticBeta: extreme ? anyFinite : fc.double({ min: 0, max: 1, noNaN: true }),
              marketBuzz: extreme ? anyFinite : fc.double({ min: 0, max: 1, noNaN: true }),
              convictionScore: fc.option(extreme ? anyFinite : fc.double({ min: 0, max: 1, noNaN: true }), {
                nil: null,
              }),
            }),
          ),
        ),
        periods: fc.integer({ min: 3, max: 15 }),
        seed: fc.array(
          extreme
            ? fc.double({ min: -1, minExcluded: true, max: Number.MAX_VALUE, noNaN: true })
            : fc.double({ min: -0.05, max: 0.05, noNaN: true }),
          { minLength: 15 * n, maxLength: 15 * n },
        ),
      })
      .map(({ companies, periods, seed }) => ({
        companies,
        scenarios: {
          assetIds: companies.map((c) => c.id),
          returns: Float64Array.from(seed.slice(0, periods * n)),
          periods,
        },
      })),
  );
export const universeArb = universe(false);

/** Portfolio weights over the companies, each > 0, summing to 1 (within rounding). */
export const weightsFor = (ids: readonly string[]) =>
  fc.array(fc.double({ min: 0.1, max: 1, noNaN: true }), { minLength: ids.length, maxLength: ids.length }).map((a) => {
    const total = a.reduce((s, x) => s + x, 0);
    return ids.map((id, i) => ({ id, weight: a[i]! / total }));
  });

/**
 * scenariosFromPrices arguments: D consecutive days from 2024-01-01 or from a day up to 27 million
 * years either side (beyond what Date can show), ids A0.. covering all of them.
 */
export const scenarioPrices = (extreme: boolean) =>
  fc
    .record({
      days: fc.integer({ min: 3, max: 25 }),
      ids: fc.integer({ min: 1, max: 3 }),
      // Any day from year 1 to year 9999 (less 25 days), the engine's calendar range in Unix seconds.
      origin: fc.oneof(
        fc.constant(MONDAY),
        fc.integer({ min: -719_000, max: 2_932_000 }).map((d) => d * DAY),
      ),
    })
    .chain(({ days, ids, origin }) =>
      fc.record({
        // Timestamps keep float64 (a Float32Array would merge neighbouring days).
        calendar: numeric(fc.constant(Array.from({ length: days }, (_, d) => origin + d * DAY)), false),
        closes: fc.tuple(...Array.from({ length: ids }, () => closesArb(days, extreme))),
        lookbackDays: fc.integer({ min: 2, max: days + 5 }),
      }),
    )
    .map(({ calendar, closes, lookbackDays }) => {
      const ids = closes.map((_, i) => `A${i}`);
      return [
        calendar,
        new Map(ids.map((id, i) => [id, { start: 0, closes: closes[i]! }])),
        ids,
        { lookbackDays, asOf: calendar[calendar.length - 1]! },
      ];
    });
export const scenarioPricesArb = scenarioPrices(false);
