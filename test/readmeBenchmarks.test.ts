import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadUniverse } from "@thematic/fixtures";
import { createApp } from "@thematic/mock-server";
import { describe, expect, it } from "vitest";

// README.md "Benchmarks for backtests" states what `GET /v1/benchmarks` lists; its figures are
// read from the README and checked against the API and the fixtures, so they cannot drift.
const readme = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8").replace(/\s+/g, " ");

describe("README.md's benchmarks", () => {
  it("counts and names what GET /v1/benchmarks lists: the fixture ETFs, then the real symbols served with a fixture series", async () => {
    const response = await createApp({ quiet: true }).request("/v1/benchmarks", {
      headers: { Authorization: "Bearer thm_ines_63e54a1cde00f20d" },
    });
    expect(response.status).toBe(200);
    const { benchmarks } = (await response.json()) as { benchmarks: Array<{ symbol: string }> };
    const fixtures = loadUniverse().benchmarks.map((b) => b.symbol);

    const m =
      /First the (\d+) symbols `GET \/v1\/benchmarks` lists \([^)]*\): the (\d+) ETFs of the fixtures, ([A-Z, ]+) \(.*?\), and (\d+) real ETF and index symbols \(([^)]*)\)/.exec(
        readme,
      );
    expect(
      m,
      "README.md states the listed symbols as `First the N symbols GET /v1/benchmarks lists (…): the N ETFs of the fixtures, …, and N real ETF and index symbols (…)`",
    ).not.toBeNull();
    const [, total, ofFixtures, named, real, examples] = m!;
    expect(Number(total)).toBe(benchmarks.length);
    expect(Number(ofFixtures)).toBe(fixtures.length);
    expect(named!.split(", ")).toEqual(fixtures);
    expect(benchmarks.slice(0, fixtures.length).map((b) => b.symbol)).toEqual(fixtures);
    expect(Number(real)).toBe(benchmarks.length - fixtures.length);
    const listed = new Set(benchmarks.slice(fixtures.length).map((b) => b.symbol));
    for (const symbol of examples!.replace("…", "").split(", ")) expect(listed.has(symbol), symbol).toBe(true);
  });
});
