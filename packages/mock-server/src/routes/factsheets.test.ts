import { describe, expect, it } from "vitest";
import { body, makeMock, type TestClient } from "../_test/makeMock.ts";
import { id, premade } from "../_test/testUniverse.ts";
import { premadeVersionId } from "../services/premade/premadeVersionId.ts";

const aliceQuantum = id("alice-quantum");

async function pdfText(client: TestClient, location: string): Promise<string> {
  const url = new URL(location);
  const r = await client.get(`${url.pathname}${url.search}`);
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toBe("application/pdf");
  return new TextDecoder().decode(new Uint8Array(await r.arrayBuffer()));
}

describe("factsheets (v2)", () => {
  it("not_requested → POST → generating → 302 to a PDF of the run; has_factsheet follows", async () => {
    const m = makeMock();
    const get = () => m.alice.get(`/v2/strategies/${aliceQuantum}/factsheet`);
    expect(await body(await get())).toEqual({ status: "not_requested" });
    const posted = await m.alice.post(`/v2/strategies/${aliceQuantum}/factsheet`, {});
    expect(posted.status).toBe(200);
    expect(await body(posted)).toEqual({ status: "generating" });
    expect(await body(await get())).toEqual({ status: "generating" });
    m.clock.advance(4000);
    const ready = await get();
    expect(ready.status).toBe(302);
    const location = ready.headers.get("location") ?? "";
    expect(location).toContain(`/v2/strategies/${aliceQuantum}/factsheet.pdf?versionId=${id("alice-quantum-v1")}&asOfDate=2025-03-01`);
    const text = await pdfText(m.alice, location);
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text).toContain("(Alice quantum)");
    expect(text).toContain("(QBIT)");
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const versions = await body<Array<{ has_factsheet: boolean }>>(await m.alice.get(`/v2/strategies/${aliceQuantum}/versions`));
    expect(versions[0]?.has_factsheet).toBe(true);
    expect(await body(await m.alice.post(`/v2/strategies/${aliceQuantum}/factsheet`, {}))).toEqual({ status: "ready" });
    expect(await body(await m.alice.post(`/v2/strategies/${aliceQuantum}/factsheet`, { force: true }))).toEqual({ status: "generating" });
  });

  it("create_factsheet on submit: generating while the run builds, then ready", async () => {
    const m = makeMock();
    await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, { as_of_date: "2025-05-01", create_factsheet: true });
    const q = `asOfDate=2025-05-01`;
    expect(await body(await m.alice.get(`/v2/strategies/${aliceQuantum}/factsheet?${q}`))).toEqual({ status: "generating" });
    m.clock.advance(4000);
    expect(await body(await m.alice.get(`/v2/strategies/${aliceQuantum}/factsheet?${q}`))).toEqual({ status: "generating" });
    m.clock.advance(4000);
    expect((await m.alice.get(`/v2/strategies/${aliceQuantum}/factsheet?${q}`)).status).toBe(302);
    expect((await m.alice.get(`/v2/strategies/${aliceQuantum}/factsheet?asOfDate=2025-05-02`)).status).toBe(404);
  });

  it("premade strategies have a factsheet for their current run; they and others' strategies cannot be asked for one", async () => {
    const m = makeMock();
    const r = await m.bob.get(`/v2/strategies/${premade.id}/factsheet`);
    // the test premade has no dated runs: nothing to show
    expect(await body(r)).toEqual({ status: "not_requested" });
    expect((await m.alice.post(`/v2/strategies/${premade.id}/factsheet`, {})).status).toBe(403);
    expect((await m.alice.post(`/v2/strategies/${id("bob-water")}/factsheet`, {})).status).toBe(403);
    expect((await m.alice.get(`/v2/strategies/${id("bob-private")}/factsheet`)).status).toBe(404);
    const pdf = await m.alice.get(`/v2/strategies/${aliceQuantum}/factsheet.pdf?versionId=${premadeVersionId(premade)}&asOfDate=2025-03-01`);
    expect(pdf.status).toBe(404);
  });

  it("a strategy never submitted: not_requested, and POST is 409", async () => {
    const m = makeMock();
    const created = await body<{ id: string }>(await m.alice.post("/v2/strategies", { name: "n", objective: "water" }));
    expect(await body(await m.alice.get(`/v2/strategies/${created.id}/factsheet`))).toEqual({ status: "not_requested" });
    expect((await m.alice.post(`/v2/strategies/${created.id}/factsheet`, {})).status).toBe(409);
  });
});

describe("factsheets (v1)", () => {
  it("the same flow; the v1 strategy's has_factsheet turns true", async () => {
    const m = makeMock({ buildDurationMs: 0 });
    expect((await body<{ has_factsheet: boolean }>(await m.alice.get(`/v1/strategies/${aliceQuantum}`))).has_factsheet).toBe(false);
    expect(await body(await m.alice.post(`/v1/strategies/${aliceQuantum}/factsheet`))).toEqual({ status: "generating" });
    const r = await m.alice.get(`/v1/strategies/${aliceQuantum}/factsheet`);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toContain(`/v1/strategies/${aliceQuantum}/factsheet.pdf?`);
    expect((await pdfText(m.alice, r.headers.get("location") ?? "")).startsWith("%PDF")).toBe(true);
    expect((await body<{ has_factsheet: boolean }>(await m.alice.get(`/v1/strategies/${aliceQuantum}`))).has_factsheet).toBe(true);
  });
});
