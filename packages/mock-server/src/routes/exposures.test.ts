import { describe, expect, it } from "vitest";
import { expectError } from "../_test/contractShapes.ts";
import { body, makeMock } from "../_test/makeMock.ts";
import { id, testUniverse } from "../_test/testUniverse.ts";

interface Row {
  id: string;
  name: string;
  overlap: number;
  exposure: number;
  returns: number;
}
const premade = id("premade-quantum"); // QBIT, CRYO
const aliceQuantum = id("alice-quantum"); // QBIT, CRYO, QSOFT

/** Close of a company's primary listing `daysBack` trading days before the end of the test calendar. */
function closeAt(key: string, index: number): number {
  const s = testUniverse.prices.series.get(testUniverse.companyById.get(id(key))!.securities[0]!.id)!;
  return s.closes[index - s.start]!;
}

describe("POST /v2/strategies/exposures and /v1/strategies/strategies-exposures", () => {
  it("exposure = portfolio weight in the strategy's companies, overlap = share of its companies held, by descending exposure", async () => {
    const m = makeMock();
    const r = await m.alice.post("/v2/strategies/exposures", {
      companiesWeight: { [id("qbit")]: 0.5, [id("aqua")]: 0.25, [id("bank")]: 0.25 },
      strategyIds: [premade, aliceQuantum, id("bob-water")],
    });
    expect(r.status).toBe(200);
    const rows = await body<Row[]>(r);
    expect(rows.map((x) => Object.keys(x).sort())).toEqual(
      rows.map(() => ["exposure", "id", "name", "overlap", "returns"]),
    );
    const byId = new Map(rows.map((x) => [x.id, x]));
    expect(byId.get(premade)).toMatchObject({ exposure: 0.5, overlap: 0.5 });
    expect(byId.get(aliceQuantum)).toMatchObject({ exposure: 0.5, overlap: 0.333333 });
    for (let k = 1; k < rows.length; k++) expect(rows[k - 1]!.exposure).toBeGreaterThanOrEqual(rows[k]!.exposure);
    expect(
      rows.every(
        (x) => x.exposure >= 0 && x.exposure <= 1 && x.overlap >= 0 && x.overlap <= 1 && Number.isFinite(x.returns),
      ),
    ).toBe(true);
  });

  it("returns is the conviction-weighted buy-and-hold return over the window (independent recomputation for 1 month)", async () => {
    const m = makeMock();
    const [row] = await body<Row[]>(
      await m.alice.post("/v2/strategies/exposures", {
        companiesWeight: {},
        strategyIds: [premade],
        returnDateRange: "1-month",
      }),
    );
    const companies = await body<Array<{ id: string; convictionScore: number }>>(
      await m.alice.get(`/v1/premade-strategies/${premade}/companies`),
    );
    const cal = testUniverse.prices.calendar;
    const to = cal.length - 1;
    const from = cal.findIndex((t) => t >= Date.UTC(2025, 3, 30) / 1000); // 2025-04-30, one month before the as-of date
    const key = (cid: string) => (cid === id("qbit") ? "qbit" : "cryo");
    const total = companies.reduce((s, c) => s + c.convictionScore, 0);
    const expected =
      companies.reduce(
        (s, c) => s + (c.convictionScore / total) * (closeAt(key(c.id), to) / closeAt(key(c.id), from)),
        0,
      ) - 1;
    expect(row!.returns).toBeCloseTo(expected, 6);
    expect(row!.exposure).toBe(0); // an empty portfolio
  });

  it("without strategyIds: every strategy the caller can see plus the premade ones; v1 answers v2's 1-year rows", async () => {
    const m = makeMock();
    const input = { companiesWeight: { [id("desal")]: 1 } };
    const v2 = await body<Row[]>(await m.alice.post("/v2/strategies/exposures", input));
    expect(v2.map((x) => x.id)).toContain(premade);
    expect(v2.map((x) => x.id)).toContain(aliceQuantum);
    expect(v2.map((x) => x.id)).not.toContain(id("bob-private"));
    expect(await body(await m.alice.post("/v1/strategies/strategies-exposures", input))).toEqual(v2);
    expect(await body(await m.alice.post("/v2/strategies/exposures", { ...input, returnDateRange: "1-year" }))).toEqual(
      v2,
    );
  });

  it("404 for a strategy the caller cannot see; 400 naming the field for bad ids, weights or windows; 401 without a key", async () => {
    const m = makeMock();
    const notVisible = await m.alice.post("/v2/strategies/exposures", {
      companiesWeight: {},
      strategyIds: [id("bob-private")],
    });
    expect(notVisible.status).toBe(404);
    expectError(await body(notVisible));
    for (const [input, field] of [
      [{ companiesWeight: { AAPL: 0.5 } }, "companiesWeight"],
      [{ companiesWeight: { [id("qbit")]: 1.5 } }, "companiesWeight"],
      [{ companiesWeight: {}, returnDateRange: "2-year" }, "returnDateRange"],
      [{ companiesWeight: {}, strategyIds: ["x"] }, "strategyIds"],
      [{}, "companiesWeight"],
    ] as const) {
      const r = await m.alice.post("/v2/strategies/exposures", input);
      expect(r.status, field).toBe(400);
      expect((await body<{ error: string }>(r)).error).toContain(field);
    }
    expect((await m.anonymous.post("/v1/strategies/strategies-exposures", { companiesWeight: {} })).status).toBe(401);
  });

  it("other methods on the two paths are 405 with Allow: POST (not read as /strategies/{id})", async () => {
    const m = makeMock();
    for (const path of ["/v1/strategies/strategies-exposures", "/v2/strategies/exposures"]) {
      const r = await m.alice.get(path);
      expect(r.status, path).toBe(405);
      expect(r.headers.get("Allow")).toBe("POST");
      expectError(await body(r));
      expect((await m.alice.del(path)).status).toBe(405);
    }
  });
});
