import { readFileSync } from "node:fs";
import { meanCvarOptimize, scenariosFromPrices } from "@thematic/engine";
import { expect, it } from "vitest";

/** The README quick start's three stocks: weekday closes of three years, daily scenarios of the last two. */
function quickStart() {
  const calendar: number[] = [];
  for (let t = Date.UTC(2023, 0, 2) / 1000; calendar.length < 780; t += 86_400) {
    const weekday = new Date(t * 1000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) calendar.push(t);
  }
  const series = (drift: number, swing: number, period: number) => ({
    start: 0,
    closes: calendar.map((_, i) => 100 * Math.exp(drift * i + swing * Math.sin(i / period))),
  });
  const prices = new Map([
    ["SUN", series(6e-4, 0.08, 9)],
    ["WIND", series(3e-4, 0.05, 5)],
    ["GRID", series(2e-4, 0.03, 13)],
  ]);
  const ids = [...prices.keys()];
  const companies = ids.map((id, i) => ({
    id,
    marketCap: 2e9 * (i + 1),
    linguisticBeta: 0.8 - 0.2 * i,
    marketBuzz: 1 + i,
    convictionScore: null,
  }));
  return { companies, scenarios: scenariosFromPrices(calendar, prices, ids, { lookbackDays: 504 }).scenarios };
}

it("the one-term warning quoted in docs/maths.md#scale-aware-objective is the optimizer's, word for word", async () => {
  const maths = readFileSync(new URL("../../docs/maths.md", import.meta.url), "utf8");
  const after = maths.slice(maths.indexOf("the result says, for example:"));
  const quoted = /\n\n((?:> .*\n)+)/.exec(after)![1]!.replace(/^> /gm, "").replace(/\s+/g, " ").trim();
  const { companies, scenarios } = quickStart();
  const result = await meanCvarOptimize(companies, scenarios, {
    maxWeight: 0.6,
    linguisticBetaWeight: 0,
    buzzPenalty: 1,
  });
  expect(result.warnings).toContain(quoted);
});
