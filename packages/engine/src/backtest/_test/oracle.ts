export { oracleNav, oracleWeeklyPoints } from "../../testing/backtestOracle.ts";
