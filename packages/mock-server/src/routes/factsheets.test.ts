import { describe, expect, it } from "vitest";
import { body, makeMock, type TestClient } from "../_test/makeMock.ts";
import { id, premade } from "../_test/testUniverse.ts";
import { premadeVersionId } from "../services/premade/premadeVersionId.ts";
import { PRESIGNED_TTL_SECONDS } from "../services/factsheets/presignedFactsheet.ts";

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
    expect(location).toContain(
      `/v2/strategies/${aliceQuantum}/factsheet.pdf?versionId=${id("alice-quantum-v1")}&asOfDate=2025-03-01`,
    );
    // A presigned address: no API key needed.
    expect(location).toMatch(/&expires=\d+&signature=[0-9a-f]{64}$/);
    const text = await pdfText(m.anonymous, location);
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text).toContain("(Alice quantum)");
    expect(text).toContain("(QBIT)");
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const versions = await body<Array<{ has_factsheet: boolean }>>(
      await m.alice.get(`/v2/strategies/${aliceQuantum}/versions`),
    );
    expect(versions[0]?.has_factsheet).toBe(true);
    // The reference's only answer: "generating" (a ready factsheet is kept without force; GET redirects at once).
    expect(await body(await m.alice.post(`/v2/strategies/${aliceQuantum}/factsheet`, {}))).toEqual({
      status: "generating",
    });
    expect((await get()).status).toBe(302);
    expect(await body(await m.alice.post(`/v2/strategies/${aliceQuantum}/factsheet`, { force: true }))).toEqual({
      status: "generating",
    });
  });

  it("create_factsheet on submit: generating while the run builds, then ready", async () => {
    const m = makeMock();
    await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, { as_of_date: "2025-05-01", create_factsheet: true });
    const q = `asOfDate=2025-05-01`;
    expect(await body(await m.alice.get(`/v2/strategies/${aliceQuantum}/factsheet?${q}`))).toEqual({
      status: "generating",
    });
    m.clock.advance(4000);
    expect(await body(await m.alice.get(`/v2/strategies/${aliceQuantum}/factsheet?${q}`))).toEqual({
      status: "generating",
    });
    m.clock.advance(4000);
    expect((await m.alice.get(`/v2/strategies/${aliceQuantum}/factsheet?${q}`)).status).toBe(302);
    expect((await m.alice.get(`/v2/strategies/${aliceQuantum}/factsheet?asOfDate=2025-05-02`)).status).toBe(404);
  });

  it("premade strategies have a factsheet for their current run; they and others' strategies cannot be asked for one", async () => {
    const m = makeMock();
    const r = await m.bob.get(`/v2/strategies/${premade.id}/factsheet`);
    // the test premade has no dated runs: no run at all is 404 (reference)
    expect(r.status).toBe(404);
    expect((await m.alice.post(`/v2/strategies/${premade.id}/factsheet`, {})).status).toBe(403);
    expect((await m.alice.post(`/v2/strategies/${id("bob-water")}/factsheet`, {})).status).toBe(403);
    expect((await m.alice.get(`/v2/strategies/${id("bob-private")}/factsheet`)).status).toBe(404);
    const pdf = await m.alice.get(
      `/v2/strategies/${aliceQuantum}/factsheet.pdf?versionId=${premadeVersionId(premade)}&asOfDate=2025-03-01`,
    );
    expect(pdf.status).toBe(400); // unsigned: expires and signature are required
  });

  it("a strategy never submitted: GET is 404 (no run at all, as the reference), and POST is 409", async () => {
    const m = makeMock();
    const created = await body<{ id: string }>(await m.alice.post("/v2/strategies", { name: "n", objective: "water" }));
    const r = await m.alice.get(`/v2/strategies/${created.id}/factsheet`);
    expect(r.status).toBe(404);
    expect((await body<{ error: string }>(r)).error).toMatch(/no run/);
    expect((await m.alice.post(`/v2/strategies/${created.id}/factsheet`, {})).status).toBe(409);
  });
});

describe("factsheets (v1)", () => {
  it("the same flow; the v1 strategy's has_factsheet turns true", async () => {
    const m = makeMock({ buildDurationMs: 0 });
    expect(
      (await body<{ has_factsheet: boolean }>(await m.alice.get(`/v1/strategies/${aliceQuantum}`))).has_factsheet,
    ).toBe(false);
    expect(await body(await m.alice.post(`/v1/strategies/${aliceQuantum}/factsheet`))).toEqual({
      status: "generating",
    });
    const r = await m.alice.get(`/v1/strategies/${aliceQuantum}/factsheet`);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toContain(`/v1/strategies/${aliceQuantum}/factsheet.pdf?`);
    expect((await pdfText(m.alice, r.headers.get("location") ?? "")).startsWith("%PDF")).toBe(true);
    expect(
      (await body<{ has_factsheet: boolean }>(await m.alice.get(`/v1/strategies/${aliceQuantum}`))).has_factsheet,
    ).toBe(true);
  });
});

describe("presigned factsheet addresses", () => {
  async function readyLocation(m: ReturnType<typeof makeMock>): Promise<URL> {
    await m.alice.post(`/v2/strategies/${aliceQuantum}/factsheet`, {});
    m.clock.advance(4000);
    const r = await m.alice.get(`/v2/strategies/${aliceQuantum}/factsheet`);
    expect(r.status).toBe(302);
    return new URL(r.headers.get("location") ?? "");
  }

  it("expire after the short lifetime: 403, and a fresh GET gives a working one", async () => {
    const m = makeMock();
    const url = await readyLocation(m);
    expect((await m.anonymous.get(`${url.pathname}${url.search}`)).status).toBe(200);
    m.clock.advance((PRESIGNED_TTL_SECONDS + 1) * 1000);
    const late = await m.anonymous.get(`${url.pathname}${url.search}`);
    expect(late.status).toBe(403);
    expect((await body<{ error: string }>(late)).error).toMatch(/^query\.expires: .*expired/);
    const fresh = new URL(
      (await m.alice.get(`/v2/strategies/${aliceQuantum}/factsheet`)).headers.get("location") ?? "",
    );
    expect((await m.anonymous.get(`${fresh.pathname}${fresh.search}`)).status).toBe(200);
  });

  it("a changed address, expiry or signature is 403; the API route itself still needs the key", async () => {
    const m = makeMock();
    const url = await readyLocation(m);
    const q = url.searchParams;
    const expires = Number(q.get("expires"));
    const tamper = (name: string, value: string) => {
      const copy = new URLSearchParams(q);
      copy.set(name, value);
      return m.anonymous.get(`${url.pathname}?${copy.toString()}`);
    };
    expect((await tamper("expires", String(expires + 3600))).status).toBe(403);
    expect((await tamper("asOfDate", "2025-03-02")).status).toBe(403);
    expect((await tamper("signature", "0".repeat(64))).status).toBe(403);
    expect((await m.anonymous.get(`${url.pathname.replace("/v2/", "/v1/")}${url.search}`)).status).toBe(403);
    expect((await m.anonymous.get(`/v2/strategies/${aliceQuantum}/factsheet`)).status).toBe(401);
  });
});
