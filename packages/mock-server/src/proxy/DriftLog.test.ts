import { describe, expect, it } from "vitest";
import {
  createDriftLog,
  MAX_FIELDS_PER_OPERATION,
  MAX_SAMPLE_PATHS,
  MAX_UNDOCUMENTED_ROUTES,
  OTHER_ROUTES,
} from "./DriftLog.ts";
import type { DriftIssue } from "./findDrift.ts";
import { routeTemplate } from "./routeTemplate.ts";

const UNDOCUMENTED: DriftIssue[] = [
  { path: "$", kind: "undocumented", expected: "an operation of the mock's document", got: "none" },
];

/** A word of letters only for `i` (no digit: never taken for an id). */
function word(i: number): string {
  let s = "";
  do {
    s += String.fromCharCode(97 + (i % 26));
    i = Math.floor(i / 26);
  } while (i > 0);
  return s;
}

function driftLog(): { log: ReturnType<typeof createDriftLog>; lines: string[] } {
  let t = Date.parse("2025-06-01T00:00:00Z");
  const lines: string[] = [];
  return {
    log: createDriftLog(
      "https://api.example.com",
      () => (t += 1000),
      (l) => lines.push(l),
    ),
    lines,
  };
}

describe("createDriftLog", () => {
  it("20,000 distinct routes the mock lacks make a bounded report: the first 100 listed, the rest counted in one row", () => {
    const { log, lines } = driftLog();
    log.record("GET /v1/health", 200, []);
    const sizes: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      log.record(`GET /v1/${word(i)}/list`, 404, UNDOCUMENTED);
      if (i === 999) sizes.push(JSON.stringify(log.report()).length);
    }
    const report = log.report();
    sizes.push(JSON.stringify(report).length);
    expect(report).toMatchObject({ requests: 20_001, drifted: 20_000 });
    expect(report.endpoints).toHaveLength(1 + MAX_UNDOCUMENTED_ROUTES + 1);
    const other = report.endpoints.at(-1)!;
    expect(other).toMatchObject({
      operation: OTHER_ROUTES,
      requests: 20_000 - MAX_UNDOCUMENTED_ROUTES,
      drifted: 20_000 - MAX_UNDOCUMENTED_ROUTES,
      statuses: { "404": 19_900 },
    });
    expect(other.fields).toEqual([expect.objectContaining({ kind: "undocumented", count: 19_900 })]);
    expect(other.samplePaths).toEqual(["/v1/wd/list", "/v1/xd/list", "/v1/yd/list"]);
    // the report stops growing once the cap is reached: 19,000 more routes add only digits to counters
    expect(sizes[1]! - sizes[0]!).toBeLessThan(200);
    expect(sizes[1]!).toBeLessThan(64 * 1024);
    // one log line per listed route, one for the overflow
    expect(lines).toHaveLength(MAX_UNDOCUMENTED_ROUTES + 1);
  });

  it("ids under one route the mock lacks are one row, with first and last seen and a few sample paths", () => {
    const { log } = driftLog();
    const ids = [
      "3f2a9c1b-0d4e-4f5a-9b6c-7d8e9f0a1b2c",
      "17",
      "2025-06-01",
      "5f1d7c2e9a3b4d6e8f0a1b2c",
      "sk_live_0123456789",
      "x".repeat(40),
    ];
    for (let i = 0; i < 600; i++)
      log.record(`GET /v1/widgets/${ids[i % ids.length]}${i}/parts/${i}`, 404, UNDOCUMENTED);
    const [row, ...others] = log.report().endpoints;
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      operation: "GET /v1/widgets/{id}/parts/{id}",
      requests: 600,
      drifted: 600,
      firstSeen: "2025-06-01T00:00:01.000Z",
      lastSeen: "2025-06-01T00:10:00.000Z",
    });
    expect(row!.samplePaths).toHaveLength(MAX_SAMPLE_PATHS);
    expect(row!.samplePaths![0]).toBe(`/v1/widgets/${ids[0]}0/parts/0`);
  });

  it("an operation lists at most 50 fields; the issues of further fields are counted", () => {
    const { log } = driftLog();
    for (let round = 0; round < 2; round++) {
      log.record(
        "GET /v1/strategies/{id}",
        200,
        Array.from(
          { length: 300 },
          (_, i): DriftIssue => ({ path: `$.extra_${word(i)}`, kind: "extra", expected: "absent", got: "string" }),
        ),
      );
    }
    const [row] = log.report().endpoints;
    expect(row!.fields).toHaveLength(MAX_FIELDS_PER_OPERATION);
    expect(row!.fields[0]).toMatchObject({ path: "$.extra_a", count: 2 });
    expect(row!.fieldsNotListed).toBe(2 * (300 - MAX_FIELDS_PER_OPERATION));
  });

  it("cuts what it keeps to 200 characters: a megabyte path or field name costs no more than a short one", () => {
    const { log } = driftLog();
    const long = "a".repeat(1 << 20);
    log.record(`GET /v1/${long.replace(/a/g, "b/")}`, 404, UNDOCUMENTED);
    log.record("GET /v1/strategies/{id}", 200, [{ path: `$.${long}`, kind: "extra", expected: "absent", got: long }]);
    expect(JSON.stringify(log.report()).length).toBeLessThan(2_000);
  });
});

describe("routeTemplate", () => {
  it("turns uuids, numbers, dates, hex, mixed and long tokens into {id}; keeps words", () => {
    expect(routeTemplate("/v1/widgets/3f2a9c1b-0d4e-4f5a-9b6c-7d8e9f0a1b2c/parts/17")).toBe(
      "/v1/widgets/{id}/parts/{id}",
    );
    expect(routeTemplate("/v2/prices/2025-06-01/5f1d7c2e9a3b/abc12345")).toBe("/v2/prices/{id}/{id}/{id}");
    expect(routeTemplate(`/v1/t/${"Q".repeat(25)}`)).toBe("/v1/t/{id}");
    expect(routeTemplate("/v1/strategies/strategies-exposures/factsheet.pdf")).toBe(
      "/v1/strategies/strategies-exposures/factsheet.pdf",
    );
    expect(routeTemplate("/v1/keywords/monkey")).toBe("/v1/keywords/monkey");
  });
});
