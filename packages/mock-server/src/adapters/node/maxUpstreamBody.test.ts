import { describe, expect, it } from "vitest";
import { loadDefaultUniverse } from "../../app/loadDefaultUniverse.ts";
import { parseCliArgs } from "./parseCliArgs.ts";
import { startServer } from "./startServer.ts";

describe("--max-upstream-body", () => {
  it("is read in MiB (1 to 1024) and needs --proxy", () => {
    const parsed = parseCliArgs(["--proxy", "https://api.example.com", "--max-upstream-body", "32"]);
    expect(parsed).toMatchObject({
      kind: "start",
      options: { proxyUrl: "https://api.example.com", maxUpstreamBodyBytes: 32 * 1024 * 1024 },
    });
    expect(() => parseCliArgs(["--proxy", "https://api.example.com", "--max-upstream-body", "0"])).toThrow(
      '--max-upstream-body must be an integer from 1 to 1024, got "0"',
    );
    expect(() => parseCliArgs(["--proxy", "https://api.example.com", "--max-upstream-body", "2.5"])).toThrow(
      "--max-upstream-body must be an integer",
    );
    expect(() => parseCliArgs(["--max-upstream-body", "8"])).toThrow("--max-upstream-body needs --proxy <url>");
  });

  it("startServer refuses maxUpstreamBodyBytes without proxyUrl, or out of 1 byte to 1 GiB", async () => {
    const universe = loadDefaultUniverse();
    await expect(startServer({ port: 0, universe, quiet: true, maxUpstreamBodyBytes: 1024 })).rejects.toThrow(
      "maxUpstreamBodyBytes needs proxyUrl",
    );
    await expect(
      startServer({
        port: 0,
        universe,
        quiet: true,
        proxyUrl: "http://127.0.0.1:1",
        maxUpstreamBodyBytes: 2 ** 30 + 1,
      }),
    ).rejects.toThrow("maxUpstreamBodyBytes must be an integer from 1 to 1073741824");
  });
});
