// What every client test case receives: clients for the fixture users and the control surface,
// ids found through the API itself, and helpers that build strategies in the mock's manual time.
import { type Schemas, ThematicClient, type StrategyV1 } from "@thematic/client";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import type { Transport } from "./transports.ts";

export interface Harness {
  /** Ines: owns public and private strategies and portfolios. */
  ines: ThematicClient;
  /** Marek: another active user. */
  marek: ThematicClient;
  /** Dana: inactive (every request 401). */
  dana: ThematicClient;
  /** No key: `/v1/health` and the control surface. */
  anon: ThematicClient;
  premadeId: string;
  /** A company of `premadeId`. */
  premadeCompany: Schemas["Company"];
  /** A completed run date of `premadeId`. */
  premadeDate: string;
  /** Ines's portfolio ids. */
  portfolioId: string;
  /** Creates a strategy of Ines; `built` submits it and ends the build through the control surface. */
  createStrategy(options?: { built?: boolean; objective?: string }): Promise<StrategyV1>;
  /** The same clients acting in sandbox session `name` (header `X-Mock-Session`). */
  inSession(name: string): Pick<Harness, "ines" | "marek" | "anon">;
  /** Back to the fixtures' state (`POST /__mock/reset`) with no sandbox session. */
  reset(): Promise<void>;
}

const OBJECTIVE =
  "Companies that build grid-scale battery storage, power electronics and the software that dispatches them.";

/** The harness over a started transport. */
export async function createHarness(transport: Transport): Promise<Harness> {
  const client = (apiKey?: string, session?: string) =>
    new ThematicClient({
      baseUrl: transport.baseUrl,
      ...(apiKey === undefined ? {} : { apiKey }),
      ...(session === undefined ? {} : { headers: { "X-Mock-Session": session } }),
    });
  const key = (name: string) => {
    const user = transport.universe.users.find((u) => u.name.startsWith(name));
    if (user === undefined) throw new Error(`fixture user ${name} missing`);
    return user.apiKey;
  };
  const ines = client(key("Ines"));
  const anon = client();
  const premade = await ines.get("/v1/premade-strategies");
  const premadeId = premade[0]!.id;
  const companies = await ines.get("/v1/premade-strategies/{id}/companies", { params: { path: { id: premadeId } } });
  const dates = await ines.get("/v1/premade-strategies/{id}/historical-data/dates", {
    params: { path: { id: premadeId } },
  });
  const portfolios = await ines.get("/v1/portfolios");
  const harness: Harness = {
    ines,
    marek: client(key("Marek")),
    dana: client(key("Dana")),
    anon,
    premadeId,
    premadeCompany: companies[0]!,
    premadeDate: dates.available_dates[0]!,
    portfolioId: portfolios.find((p) => p.user_id !== undefined)!.id,
    async createStrategy({ built = false, objective = OBJECTIVE } = {}) {
      const created = await ines.post("/v1/strategies", { body: { name: "Grid storage", objective } });
      if (!built) return created;
      await ines.post("/v1/strategies/{id}/submit", { params: { path: { id: created.id } } });
      await anon.post("/__mock/builds/complete");
      return ines.get("/v1/strategies/{id}", { params: { path: { id: created.id } } });
    },
    inSession: (name) => ({
      ines: client(key("Ines"), name),
      marek: client(key("Marek"), name),
      anon: client(undefined, name),
    }),
    async reset() {
      await anon.post("/__mock/reset");
      for (const { name } of (await anon.get("/__mock/sessions")).sessions)
        await anon.delete("/__mock/sessions/{name}", { params: { path: { name } } });
    },
  };
  return harness;
}

/**
 * A describe block over `transport`: started before and stopped after, the harness created once
 * and the mock reset before each test. `body` registers the tests, reading the harness through `h()`.
 */
export function describeOver(title: string, transport: Transport, body: (h: () => Harness) => void): void {
  describe(`${title} over ${transport.name}`, () => {
    let harness: Harness | undefined;
    beforeAll(async () => {
      await transport.start();
      harness = await createHarness(transport);
    });
    afterAll(() => transport.stop());
    beforeEach(async () => {
      await harness!.reset();
    });
    body(() => harness!);
  });
}
