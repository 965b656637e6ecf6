// The v2 "Objective versioning" guide (https://docs.noonum.ai/v2/guides/objective-versioning) and
// the "Analyze strategies" guides' factsheet and archive/delete steps (v1 and v2): draft vs
// active version, run state per version and as-of date, historical runs read by asOfDate and
// versionId, the factsheet (302 to a PDF when ready), and deleting/archiving. Only BASE_URL and
// API_KEY differ.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GuideSession, startGuideSession } from "./_support/guideClient.ts";

let session: GuideSession;

beforeAll(async () => {
  session = await startGuideSession();
});
afterAll(async () => {
  await session.server.close();
});

type Version = {
  version_id: string;
  is_active: boolean;
  status: number | null;
  completed: boolean;
  as_of_date: string | null;
  latest_run_date: string | null;
  runs_count: number | null;
  has_factsheet: boolean;
  description: string;
};

describe("objective versioning (v2)", () => {
  it("draft → version → active; a historical run beside the live one; reads pinned to a version and a date", async () => {
    const { requests, sleep } = session;
    const BASE_URL = session.baseUrl("v2");
    const headers = { Authorization: `Bearer ${session.apiKey}`, "Content-Type": "application/json" };
    const created = (
      await requests.post(`${BASE_URL}/strategies`, {
        json: {
          name: "Grid",
          objective:
            "The strategy is to invest in companies that are modernising the power grid: transformers, cables and grid software.",
        },
        headers,
      })
    ).json<{ id: string }>();
    const id = created.id;
    const poll = async (path: string, params: Record<string, string> = {}) => {
      while (true) {
        const v = (await requests.get(`${BASE_URL}${path}`, { headers, params })).json<{ status: number | null }>();
        if (v.status === 100 || (v.status ?? 0) < 0) return v;
        await sleep();
      }
    };

    const first = (await requests.post(`${BASE_URL}/strategies/${id}/submit`, { headers })).json<Version>();
    await poll(`/strategies/${id}`);
    const v1 = first.version_id;

    // a past date: a HISTORICAL run of the same (unchanged) version
    const historical = await requests.post(`${BASE_URL}/strategies/${id}/submit`, {
      json: { as_of_date: "2025-12-31", priority: 3 },
      headers,
    });
    historical.raise_for_status();
    expect(historical.json<Version>()).toMatchObject({ version_id: v1, as_of_date: "2025-12-31" });
    const done = await poll(`/strategies/${id}/versions/${v1}`, { asOfDate: "2025-12-31" });
    expect(done).toMatchObject({
      status: 100,
      completed: true,
      as_of_date: "2025-12-31",
      runs_count: null,
      latest_run_date: null,
    });
    const rollup = (await requests.get(`${BASE_URL}/strategies/${id}/versions/${v1}`, { headers })).json<Version>();
    expect(rollup.runs_count).toBe(2);

    // edit the draft: draft_version_id goes null; the next submit freezes a new active version
    const patched = (
      await requests.patch(`${BASE_URL}/strategies/${id}`, {
        json: { exclusions: ["Exclude utilities that burn coal"] },
        headers,
      })
    ).json<{ draft_version_id: string | null; active_version_id: string }>();
    expect(patched).toMatchObject({ draft_version_id: null, active_version_id: v1 });
    const second = (await requests.post(`${BASE_URL}/strategies/${id}/submit`, { headers })).json<Version>();
    expect(second.version_id).not.toBe(v1);
    await poll(`/strategies/${id}`);
    const versions = (await requests.get(`${BASE_URL}/strategies/${id}/versions`, { headers })).json<Version[]>();
    expect(versions.map((v) => [v.version_id, v.is_active])).toEqual([
      [second.version_id, true],
      [v1, false],
    ]);

    // reads default to the active version's latest completed run; pin them with versionId / asOfDate
    const now = (await requests.get(`${BASE_URL}/strategies/${id}/companies`, { headers })).json<
      Array<{ id: string }>
    >();
    const pinned = (
      await requests.get(`${BASE_URL}/strategies/${id}/companies`, {
        headers,
        params: { versionId: v1, asOfDate: "2025-12-31" },
      })
    ).json<Array<{ id: string }>>();
    expect(now.length).toBeGreaterThan(0);
    expect(pinned.length).toBeGreaterThan(0);
    expect(
      (
        await requests.get(`${BASE_URL}/strategies/${id}/companies`, {
          headers,
          params: { versionId: second.version_id, asOfDate: "2025-12-31" },
        })
      ).status_code,
    ).toBe(404);
    expect(
      (await requests.post(`${BASE_URL}/strategies/${id}/submit`, { json: { as_of_date: "2999-01-01" }, headers }))
        .status_code,
    ).toBe(400);
  });
});

describe.each(["v1", "v2"] as const)("analyze strategies: factsheet and delete (%s)", (version) => {
  it("asks for the factsheet, follows the 302 to the PDF, then deletes (archives) the strategy", async () => {
    const { requests, sleep } = session;
    const BASE_URL = session.baseUrl(version);
    const headers = { Authorization: `Bearer ${session.apiKey}`, "Content-Type": "application/json" };
    const { id } = (
      await requests.post(`${BASE_URL}/strategies`, {
        json: {
          name: "Water",
          objective:
            "The strategy is to invest in companies that provide desalination, water treatment and leak detection.",
        },
        headers,
      })
    ).json<{ id: string }>();
    (await requests.post(`${BASE_URL}/strategies/${id}/submit`, { headers })).raise_for_status();
    while ((await requests.get(`${BASE_URL}/strategies/${id}`, { headers })).json<{ status: number }>().status !== 100)
      await sleep();

    expect((await requests.get(`${BASE_URL}/strategies/${id}/factsheet`, { headers })).json()).toEqual({
      status: "not_requested",
    });
    expect((await requests.post(`${BASE_URL}/strategies/${id}/factsheet`, { headers })).json()).toEqual({
      status: "generating",
    });
    let pdf = await requests.get(`${BASE_URL}/strategies/${id}/factsheet`, { headers });
    while (pdf.headers.get("content-type")?.includes("json") === true) {
      expect(pdf.json()).toEqual({ status: "generating" });
      await sleep();
      pdf = await requests.get(`${BASE_URL}/strategies/${id}/factsheet`, { headers });
    }
    expect(pdf.status_code).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.text.startsWith("%PDF-")).toBe(true);
    expect(pdf.text).toContain("(Water)");
    const redirect = await requests.get(`${BASE_URL}/strategies/${id}/factsheet`, { headers, allow_redirects: false });
    expect(redirect.status_code).toBe(302);

    const deleted = await requests.delete(`${BASE_URL}/strategies/${id}`, { headers });
    deleted.raise_for_status();
    expect(deleted.json<{ archived_at: string; permanent_delete_at: string }>().archived_at).toEqual(
      expect.any(String),
    );
    expect(
      (await requests.get(`${BASE_URL}/strategies`, { headers }))
        .json<Array<{ id: string }>>()
        .some((s) => s.id === id),
    ).toBe(false);
  });
});

describe("analyze strategies: a public catalogue strategy's factsheet (v2)", () => {
  it("a premade strategy of the catalogue has its factsheet ready: 302 to the PDF", async () => {
    const { requests } = session;
    const BASE_URL = session.baseUrl("v2");
    const headers = { Authorization: `Bearer ${session.apiKey}`, "Content-Type": "application/json" };
    const catalog = (await requests.get(`${BASE_URL}/strategies`, { headers, params: { scope: "public" } })).json<
      Array<{ id: string; name: string }>
    >();
    const ev = catalog.find((s) => s.name === "Electric Vehicles and Batteries")!;
    const redirect = await requests.get(`${BASE_URL}/strategies/${ev.id}/factsheet`, {
      headers,
      allow_redirects: false,
    });
    expect(redirect.status_code).toBe(302);
    const pdf = await requests.get(`${BASE_URL}/strategies/${ev.id}/factsheet`, { headers });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.text).toContain("(Electric Vehicles and Batteries)");
    expect(pdf.text).toContain("(TSLA)");
  });
});
