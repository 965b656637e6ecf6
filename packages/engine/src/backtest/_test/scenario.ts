export {
  arbitraryBacktestScenario as scenarioArb,
  type BacktestScenario as Scenario,
  type BacktestScenarioOptions as ScenarioOptions,
} from "../../testing/backtestScenario.ts";
