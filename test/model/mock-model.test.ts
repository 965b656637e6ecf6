import { ThematicClient } from "@thematic/client";
import { loadUniverse } from "@thematic/fixtures/load";
import fc from "fast-check";
import { it } from "vitest";
import { createMock } from "../../packages/mock-server/src/app/createApp.ts";
import { createManualClock } from "../../packages/mock-server/src/clock/ManualClock.ts";
import { allCommands, type Real } from "./commands.ts";
import { Model } from "./referenceModel.ts";

/**
 * Model-based test of the mock: random sequences of strategy, build, version, archive/revive and
 * portfolio commands (fast-check `commands`), run through @thematic/client against the mock in
 * process and against the reference model (./referenceModel.ts); every step must agree. A failure
 * shrinks to a minimal sequence and fast-check prints it with its seed and path; replay it with
 * `MODEL_SEED=<seed> MODEL_PATH=<path> MODEL_REPLAY_PATH=<replayPath> npx vitest run test/model`. MODEL_RUNS (default 60) sets
 * the number of sequences.
 */
const universe = loadUniverse();
const epoch = Date.parse(`${universe.asOf}T12:00:00Z`);
const BUILD_MS = 4000;
const { app } = createMock({
  universe,
  clock: createManualClock(epoch),
  quiet: true,
  latencyMs: 0,
  buildDurationMs: BUILD_MS,
});
const client = (apiKey?: string) =>
  new ThematicClient({
    baseUrl: "http://127.0.0.1",
    ...(apiKey === undefined ? {} : { apiKey }),
    fetch: (request) => Promise.resolve(app.fetch(request)),
  });
const keyOf = (name: string) => universe.users.find((u) => u.name.startsWith(name))!.apiKey;
const premade = universe.premadeStrategies[0]!;

const real: Real = {
  clients: { ines: client(keyOf("Ines")), marek: client(keyOf("Marek")) },
  control: client(),
  objectives: {
    builds: premade.objective,
    fails: "Desalination plants and water utilities. mock:fail",
    failsPermanently: "Desalination plants and water utilities. mock:fail-permanently",
  },
  symbol: "",
  epoch,
};

it("the mock agrees with the reference model on random command sequences", async () => {
  const [company] = await real.clients.ines.get("/v1/premade-strategies/{id}/companies", {
    params: { path: { id: premade.id } },
  });
  real.symbol = company!.symbol;
  await fc.assert(
    fc.asyncProperty(
      fc.commands(allCommands, {
        maxCommands: 60,
        size: "max",
        ...(process.env.MODEL_REPLAY_PATH === undefined ? {} : { replayPath: process.env.MODEL_REPLAY_PATH }),
      }),
      async (commands) => {
        await real.control.post("/__mock/reset");
        await fc.asyncModelRun(() => ({ model: new Model(BUILD_MS, epoch), real }), commands);
      },
    ),
    {
      numRuns: Number(process.env.MODEL_RUNS ?? 60),
      ...(process.env.MODEL_SEED === undefined
        ? {}
        : { seed: Number(process.env.MODEL_SEED), path: process.env.MODEL_PATH, endOnFailure: true }),
    },
  );
});
