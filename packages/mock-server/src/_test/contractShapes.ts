// Field-by-field checks of the contract tables (docs/parity.md#strategy-v1, #strategy-v2, #company-holding, #company-evidence), written
// from the tables, independent of the zod schemas, so a schema drift is caught.
import { expect } from "vitest";

type Check = (v: unknown) => boolean;
const str: Check = (v) => typeof v === "string";
const num: Check = (v) => typeof v === "number" && Number.isFinite(v);
const int: Check = (v) => Number.isInteger(v);
const bool: Check = (v) => typeof v === "boolean";
const nullable =
  (c: Check): Check =>
  (v) =>
    v === null || c(v);
const strArr: Check = (v) => Array.isArray(v) && v.every(str);
const obj: Check = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const uuid: Check = (v) =>
  typeof v === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
const httpDate: Check = (v) =>
  typeof v === "string" && /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(v);
/** ISO-8601 to the second, as the real v2 reference writes it ("2023-11-07T05:31:56Z"). */
const iso: Check = (v) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(v);

function check(value: unknown, required: Record<string, Check>, optional: Record<string, Check>, what: string): void {
  expect(obj(value), `${what} is an object`).toBe(true);
  const record = value as Record<string, unknown>;
  for (const [k, c] of Object.entries(required)) {
    expect(k in record, `${what}.${k} present`).toBe(true);
    expect(c(record[k]), `${what}.${k} has the contract type, got ${JSON.stringify(record[k])}`).toBe(true);
  }
  for (const [k, c] of Object.entries(optional)) {
    if (k in record) expect(c(record[k]), `${what}.${k} has the contract type`).toBe(true);
  }
  const known = new Set([...Object.keys(required), ...Object.keys(optional)]);
  expect(
    Object.keys(record).filter((k) => !known.has(k)),
    `${what} has no field outside the contract`,
  ).toEqual([]);
}

const performance: Check = (v) => {
  if (v === null) return true;
  if (!obj(v)) return false;
  const p = v as { timeSeries: unknown; metadata: Record<string, unknown> };
  return (
    Array.isArray(p.timeSeries) &&
    p.timeSeries.every((pt) => Array.isArray(pt) && pt.every(num)) &&
    obj(p.metadata) &&
    ["returns", "annualizedReturn", "variance", "sharpeRatio", "maxDrawdown"].every((k) => num(p.metadata[k])) &&
    int(p.metadata.stockCount) &&
    int(p.metadata.weekCount)
  );
};

export function expectStrategyV1(value: unknown): void {
  check(
    value,
    {
      id: uuid,
      user_id: str,
      name: str,
      objective: str,
      created_at: httpDate,
      updated_at: httpDate,
      public: bool,
      growth: nullable(num),
      status: int,
      tags: strArr,
      exchanges: nullable(strArr),
      limit: nullable(int),
      min_market_cap: nullable(num),
      max_market_cap: nullable(num),
      min_evidence_count: nullable(int),
      completed: bool,
      has_factsheet: bool,
    },
    {
      exclusions: strArr,
      gics_sectors: (v) => Array.isArray(v) && v.every(uuid),
      metathemes: (v) => Array.isArray(v) && v.every(uuid),
      performance,
    },
    "strategy(v1)",
  );
}

export function expectStrategyV2(value: unknown): void {
  check(
    value,
    {
      id: uuid,
      user_id: str,
      name: str,
      exclusions: strArr,
      public: bool,
      tags: strArr,
      active_version_id: nullable(uuid),
      draft_version_id: nullable(uuid),
      status: int,
      completed: bool,
      metathemes: strArr,
      gics_sectors: strArr,
      performance,
      archived_at: nullable(iso),
      permanent_delete_at: nullable(iso),
      created_at: iso,
      updated_at: iso,
      description: str,
      objective: str,
    },
    {},
    "strategy(v2)",
  );
}

export function expectCompany(value: unknown, withReasoning: boolean): void {
  check(
    value,
    {
      id: uuid,
      symbol: str,
      name: str,
      isin: nullable(str),
      exchange: str,
      market: nullable(str),
      sector: nullable(str),
      industry: nullable(str),
      marketCap: nullable(num),
      volAvg: nullable(num),
      linguisticBeta: num,
      marketBuzz: num,
      active: bool,
      figi: nullable(str),
      mic: nullable(str),
      convictionScore: nullable(num),
      ...(withReasoning ? { reasoning: nullable(str) } : {}),
    },
    {},
    "company",
  );
}

export function expectEvidence(value: unknown): void {
  check(
    value,
    {
      isIncluded: bool,
      reasoning: str,
      summaries: (v) => Array.isArray(v) && v.every((s) => obj(s) && str(s.provider) && int(s.pubDate) && str(s.text)),
    },
    {},
    "evidence",
  );
}

export function expectError(value: unknown): void {
  check(value, { error: str }, {}, "error");
}
