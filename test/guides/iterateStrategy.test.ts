// The "Build a strategy" and "Iterate on a strategy" guides, v1 and v2
// (https://docs.noonum.ai/v1/guides/build-strategy, …/iterate-strategy and their v2 pages): enhance
// the objective, check existing strategies, create, submit, poll until status 100, review the
// holdings, look a company up by symbol, read its reasoning and evidence, craft exclusion phrases
// from it, PATCH them on, resubmit, and generate the inverse objective. In v2 the guide also
// watches active_version_id and draft_version_id. Only BASE_URL and API_KEY differ.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GuideSession, startGuideSession } from "./_support/guideClient.ts";

let session: GuideSession;

beforeAll(async () => {
  session = await startGuideSession();
});
afterAll(async () => {
  await session.server.close();
});

describe.each(["v1", "v2"] as const)("build and iterate a strategy (%s)", (version) => {
  it("enhance → create → submit → poll → holdings → lookup → evidence → exclusion phrases → PATCH → resubmit → reverse", async () => {
    const { requests, sleep } = session;
    const BASE_URL = session.baseUrl(version);
    const headers = { Authorization: `Bearer ${session.apiKey}`, "Content-Type": "application/json" };

    // 1. Start with an objective, then enhance it
    const name = "European defense sector";
    const raw_objective = "Invest in companies that would benefit from increased spend in the European defense sector.";
    const enhance_resp = await requests.post(`${BASE_URL}/enhance-objective`, {
      json: { objective: raw_objective },
      headers,
    });
    enhance_resp.raise_for_status();
    const enhanced = enhance_resp.json<{ enhancedObjective: string; improvementsSummary: string }>();
    const objective = enhanced.enhancedObjective;
    expect(objective).toMatch(/^The strategy is to invest in companies that/);
    expect(enhanced.improvementsSummary.length).toBeGreaterThan(0);

    // Check existing strategies first
    const existing = await requests.get(`${BASE_URL}/${version === "v1" ? "premade-strategies" : "strategies"}`, {
      headers,
      ...(version === "v2" ? { params: { scope: "public" } } : {}),
    });
    existing.raise_for_status();
    expect(existing.json<Array<{ name: string }>>().some((s) => s.name === "Defence Modernisation")).toBe(true);

    // 2. Create a strategy from the enhanced objective, 3. submit, 4. poll until done
    const create_resp = await requests.post(`${BASE_URL}/strategies`, { json: { name, objective }, headers });
    create_resp.raise_for_status();
    const strategy = create_resp.json<{
      id: string;
      active_version_id?: string | null;
      draft_version_id?: string | null;
    }>();
    const strategy_id = strategy.id;
    if (version === "v2") expect(strategy.active_version_id).toBeNull();

    const waitUntilDone = async () => {
      while (true) {
        const r = await requests.get(`${BASE_URL}/strategies/${strategy_id}`, { headers });
        r.raise_for_status();
        const s = r.json<{ status: number; active_version_id?: string | null; draft_version_id?: string | null }>();
        if (s.status === 100) return s;
        if (s.status < 0) throw new Error(`the build failed: status ${s.status}`);
        await sleep();
      }
    };
    (await requests.post(`${BASE_URL}/strategies/${strategy_id}/submit`, { headers })).raise_for_status();
    const built = await waitUntilDone();
    if (version === "v2") {
      expect(built.active_version_id).toEqual(expect.any(String));
      expect(built.draft_version_id).toBe(built.active_version_id);
    }

    // 5. Review holdings
    const companies_resp = await requests.get(`${BASE_URL}/strategies/${strategy_id}/companies`, {
      headers,
      params: { includeReasoning: "true" },
    });
    companies_resp.raise_for_status();
    const companies =
      companies_resp.json<
        Array<{ id: string; symbol: string; name: string; reasoning: string; convictionScore: number }>
      >();
    expect(companies.length).toBeGreaterThan(5);
    expect(companies.map((c) => c.symbol)).toEqual(expect.arrayContaining(["RHM"]));

    // 6. Look up a company id from a symbol
    const search_resp = await requests.post(`${BASE_URL}/helper/companies/search`, {
      json: { query: "RHM", limit: 1 },
      headers,
    });
    search_resp.raise_for_status();
    const company_id = search_resp.json<{ results: Array<{ id: string; name: string }> }>().results[0]!.id;
    expect(companies.some((c) => c.id === company_id)).toBe(true);

    // 7. Fetch reasoning and evidence for the company
    const evidence_resp = await requests.get(`${BASE_URL}/strategies/${strategy_id}/companies/${company_id}`, {
      headers,
    });
    evidence_resp.raise_for_status();
    const evidence = evidence_resp.json<{
      isIncluded: boolean;
      reasoning: string;
      summaries: Array<{ provider: string; pubDate: number; text: string }>;
    }>();
    expect(evidence.isIncluded).toBe(true);

    // 8. Craft exclusion phrases grounded in the holding, then PATCH them onto the strategy
    const phrases_resp = await requests.post(`${BASE_URL}/exclusion-phrases`, {
      json: { objective, companyId: company_id, inclusionReason: evidence.reasoning },
      headers,
    });
    phrases_resp.raise_for_status();
    const phrases = phrases_resp.json<{ phrases: Array<{ phrase: string; reason: string }> }>().phrases;
    expect(phrases.length).toBeGreaterThanOrEqual(2);
    expect(phrases.length).toBeLessThanOrEqual(10);
    const exclusions = [phrases[0]!.phrase];
    const patch_resp = await requests.patch(`${BASE_URL}/strategies/${strategy_id}`, { json: { exclusions }, headers });
    patch_resp.raise_for_status();
    if (version === "v2") expect(patch_resp.json<{ draft_version_id: string | null }>().draft_version_id).toBeNull();

    // 9. Resubmit and repeat
    (await requests.post(`${BASE_URL}/strategies/${strategy_id}/submit`, { headers })).raise_for_status();
    const rebuilt = await waitUntilDone();
    if (version === "v2") {
      expect(rebuilt.active_version_id).not.toBe(built.active_version_id);
      expect(rebuilt.draft_version_id).toBe(rebuilt.active_version_id);
      const versions = (await requests.get(`${BASE_URL}/strategies/${strategy_id}/versions`, { headers })).json<
        Array<{ version_id: string; is_active: boolean; exclusions: string[] }>
      >();
      expect(versions.map((v) => v.version_id)).toEqual([rebuilt.active_version_id, built.active_version_id]);
      expect(versions[0]).toMatchObject({ is_active: true, exclusions });
    }
    const after = (await requests.get(`${BASE_URL}/strategies/${strategy_id}/companies`, { headers })).json<
      Array<{ id: string }>
    >();
    expect(after.length).toBeGreaterThan(0);

    // Optionally, the inverse objective
    const reverse_resp = await requests.post(`${BASE_URL}/reverse-objective`, { json: { objective }, headers });
    reverse_resp.raise_for_status();
    expect(reverse_resp.json<{ reversedObjective: string }>().reversedObjective).toMatch(
      /^The strategy is to invest in companies/,
    );
  });
});
