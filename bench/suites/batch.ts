import type { Bench } from "tinybench";
import {
  backtestPortfolio,
  backtestWindow,
  batchBacktest,
  buyAndHoldBacktest,
  type PriceSeries,
  tradingCalendar,
  weeklyPriceTable,
} from "@thematic/engine";
import { lcg } from "../_internal/lcg.ts";
import type { Suite } from "../harness.ts";
import { generatedCase } from "../numpy/_internal/generatedCase.ts";

const BATCH_PORTFOLIOS = 10_000;
const HOLDINGS = 30;

/**
 * A parameter sweep: 10,000 portfolios of 30 holdings drawn from 500 securities (20 years of
 * daily closes), each backtested over 5 years against one benchmark. Per-portfolio cost is the
 * batch's mean divided by 10,000; the plain loops (backtestPortfolio, and buyAndHoldBacktest with
 * the Map, as before the batch path) run 1,000 portfolios.
 */
const suite: Suite = {
  name: "batch",
  timeMs: 10000,
  register(bench: Bench) {
    const data = generatedCase(500, 5040, 5, 21);
    const prices = new Map<string, PriceSeries>();
    data.closes.forEach((closes, h) => prices.set(`S${h}`, { start: 0, closes }));
    const calendar = tradingCalendar(data.calendar);
    const table = weeklyPriceTable(calendar, prices);
    const benchmark = { symbol: "SPY", series: { start: 0, closes: data.benchmark } };
    const window = backtestWindow({ calendar, prices: table, benchmark, years: 5 });
    const random = lcg(1);
    // 30 distinct securities each (a partial Fisher–Yates shuffle), weights uniform in [0.1, 1.1).
    const ids = Array.from({ length: 500 }, (_, i) => `S${i}`);
    const portfolios = Array.from({ length: BATCH_PORTFOLIOS }, () =>
      Array.from({ length: HOLDINGS }, (_, i) => {
        const j = i + Math.floor(random() * (ids.length - i));
        [ids[i], ids[j]] = [ids[j]!, ids[i]!];
        return { id: ids[i]!, weight: 0.1 + random() };
      }),
    );
    const thousand = portfolios.slice(0, 1000);
    bench.add(
      `batchBacktest ${BATCH_PORTFOLIOS.toLocaleString("en-US")} portfolios × ${HOLDINGS} holdings × 5 y (weeklyPriceTable)`,
      () => {
        batchBacktest(window, portfolios);
      },
    );
    bench.add("backtestPortfolio loop, 1,000 portfolios × 30 holdings × 5 y", () => {
      for (const holdings of thousand) backtestPortfolio(window, holdings);
    });
    const plain = { calendar, prices, benchmark, years: 5 };
    bench.add("buyAndHoldBacktest loop (Map prices), 1,000 portfolios × 30 holdings × 5 y", () => {
      for (const holdings of thousand) buyAndHoldBacktest({ ...plain, holdings });
    });
  },
};

export default suite;
