// The worst valid premade search: 64 distinct made-up words of 64 letters took
// 54–77 ms at load 0.9 (48 ms of CPU here), about 10× the README's "about 7 ms", because every
// term of 7 to 64 letters was matched fuzzily with up to 6 edits. Now terms too long to be near
// any indexed term skip the fuzzy walk and at most LIMITS.SEARCH_FUZZY_TERMS_MAX terms take it.
// Measured as CPU time (process.cpuUsage, less sensitive to a busy machine than elapsed time)
// relative to a maximal objective of real words (the fixtures' premade objectives end to end) in
// the same process, so the budget scales with the machine.
import { describe, expect, it } from "vitest";
import { createMock } from "../../packages/mock-server/src/app/createApp.ts";
import { worstPremadeObjective } from "../../packages/mock-server/src/_test/worstPremadeObjective.ts";
import { LIMITS } from "../../packages/mock-server/src/schemas/limits.ts";
import { searchPremade } from "../../packages/mock-server/src/services/premade/searchPremade.ts";
import { fixtureUniverse } from "./_support/world.ts";

/** Median CPU ms of one `search()`, over `rounds` rounds of `batch` calls. */
function cpuMs(search: () => unknown, rounds = 7, batch = 5): number {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < batch; i++) search();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000 / batch);
  }
  return samples.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}

describe("the costliest valid premade search on the real fixtures", () => {
  it("costs at most a few times a maximal objective of real words, whatever the length of its made-up words", () => {
    const { ctx } = createMock({ universe: fixtureUniverse(), quiet: true });
    const real = ctx.universe.premadeStrategies
      .map((p) => p.objective)
      .join(" ")
      .slice(0, LIMITS.OBJECTIVE_MAX);
    searchPremade(ctx, real); // builds the index
    const costs = [7, 12, 15, 17, 18, 24, 40, 64].map((length) => {
      const objective = worstPremadeObjective(length, length);
      const worst = cpuMs(() => searchPremade(ctx, objective));
      const base = cpuMs(() => searchPremade(ctx, real));
      return { length, ratio: worst / base, worst, base };
    });
    // Before: 64-letter words cost about 13 such searches (47 ms against 3.7 ms of CPU), 17-letter ones 4; now at most about 1.5.
    for (const c of costs)
      expect(
        c.ratio,
        `words of ${c.length} letters: ${c.worst.toFixed(2)} ms against ${c.base.toFixed(2)} ms`,
      ).toBeLessThan(3);
  }, 120_000);
});
