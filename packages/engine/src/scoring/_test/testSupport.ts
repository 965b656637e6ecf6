export * from "../../testing/convictionOracle.ts";
export * from "../../testing/companies.ts";
