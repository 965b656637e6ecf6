import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";
import { id } from "../_test/testUniverse.ts";
import { companyIdMessage, CompanyIdSchema } from "./common.ts";

const TICKER_HINT =
  /"AAPL" looks like a ticker or a company name: find its id with POST \/v1\/helper\/companies\/search \{"query":"AAPL"\}/;

describe("CompanyIdSchema", () => {
  it("accepts a UUID; a ticker or a name is quoted back with the company search to send it to", () => {
    expect(CompanyIdSchema.safeParse(id("qbit")).success).toBe(true);
    expect(CompanyIdSchema.safeParse("AAPL").error?.issues[0]?.message).toMatch(TICKER_HINT);
    expect(companyIdMessage("Brookfield Renewable")).toContain('{"query":"Brookfield Renewable"}');
  });

  it("does not repeat what does not look like a ticker or a name (a mistyped UUID, markup), but still points to the company search", () => {
    for (const input of ["0b7e4c1a-22d9-4e5f-8a6b-1c2d3e4f5a6", "<script>alert(1)</script>", "x".repeat(65)]) {
      const message = companyIdMessage(input);
      expect(message).not.toContain(input);
      expect(message).toMatch(
        /^must be a company id \(a UUID such as .*\); from a ticker, a name, an ISIN or a FIGI, find it with POST \/v1\/helper\/companies\/search/,
      );
    }
  });

  it("every REST request that takes a company id answers a ticker with a 400 naming the field and the company search", async () => {
    const m = makeMock();
    const premade = id("premade-quantum");
    const cases: Array<[Promise<Response>, RegExp]> = [
      [m.alice.get(`/v1/strategies/${premade}/companies/AAPL`), /^path\.companyId: must be a company id/],
      [m.alice.get(`/v2/strategies/${premade}/companies/AAPL`), /^path\.companyId: must be a company id/],
      [m.alice.get(`/v1/premade-strategies/${premade}/companies/AAPL`), /^path\.companyId: must be a company id/],
      [
        m.alice.post("/v1/backtest", { holdings: [{ companyId: "AAPL", weight: 1 }] }),
        /^body\.holdings\[0\]\.companyId: must be a company id/,
      ],
      [
        m.alice.post("/v2/strategies/exposures", { companiesWeight: { AAPL: 1 } }),
        /^body\.companiesWeight\.AAPL: must be a company id/,
      ],
      [
        m.alice.post(`/v1/strategies/${id("alice-quantum")}/optimized-portfolio`, { companyIds: ["AAPL"] }),
        /^body\.companyIds\[0\]: must be a company id/,
      ],
      [
        m.alice.post("/v1/exclusion-phrases", {
          objective: "quantum computing",
          companyId: "AAPL",
          inclusionReason: "r",
        }),
        /^body\.companyId: must be a company id/,
      ],
    ];
    for (const [pending, field] of cases) {
      const r = await pending;
      const { error } = await body<{ error: string }>(r);
      expect(r.status, error).toBe(400);
      expect(error).toMatch(field);
      expect(error).toMatch(TICKER_HINT);
    }
  });
});
