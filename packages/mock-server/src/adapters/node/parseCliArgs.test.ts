import { describe, expect, it } from "vitest";
import { parseCliArgs } from "./parseCliArgs.ts";

describe("parseCliArgs", () => {
  it("maps every flag", () => {
    expect(
      parseCliArgs([
        "--port",
        "0",
        "--seed",
        "9",
        "--latency",
        "250",
        "--build-seconds",
        "1.5",
        "--optimizer-seconds",
        "0.25",
        "--data",
        "s.json",
        "--quiet",
        "--add-key",
        "my-key-12345",
        "--add-key",
        "alias-key-123=u1",
        "--no-control",
      ]),
    ).toEqual({
      kind: "start",
      options: {
        port: 0,
        seed: 9,
        latencyMs: 250,
        buildDurationMs: 1500,
        optimizerTimeLimitMs: 250,
        dataFile: "s.json",
        quiet: true,
        controlEnabled: false,
        extraKeys: [
          { key: "my-key-12345", userId: null },
          { key: "alias-key-123", userId: "u1" },
        ],
      },
    });
    expect(parseCliArgs([])).toEqual({ kind: "start", options: { quiet: false, controlEnabled: true } });
    expect(parseCliArgs(["--help"])).toEqual({ kind: "help" });
  });

  it("maps --proxy, --record and --replay; --record needs --proxy; --proxy needs an http(s) base URL", () => {
    expect(parseCliArgs(["--proxy", "https://api.example.com/", "--record", "rec", "--replay", "old"])).toEqual({
      kind: "start",
      options: {
        quiet: false,
        controlEnabled: true,
        proxyUrl: "https://api.example.com",
        recordDir: "rec",
        replayDir: "old",
      },
    });
    expect(parseCliArgs(["--proxy", "http://127.0.0.1:8080/api"]).kind).toBe("start");
    expect(() => parseCliArgs(["--record", "rec"])).toThrow(/--record needs --proxy/);
    expect(() => parseCliArgs(["--proxy", "ftp://x"])).toThrow(/--proxy must be an http\(s\) URL/);
    expect(() => parseCliArgs(["--proxy", "api.example.com"])).toThrow(/--proxy must be an http\(s\) URL/);
    expect(() => parseCliArgs(["--proxy", "https://x.com/?a=1"])).toThrow(/no query/);
  });

  it("maps the request-safety and optimizer-pool flags", () => {
    const parsed = parseCliArgs([
      "--cors-origin",
      "https://app.example.com",
      "--cors-origin",
      "http://localhost:*/",
      "--allowed-hosts",
      "mock.example, .dev.example",
      "--allowed-hosts",
      "other.example",
      "--optimizer-workers",
      "3",
      "--optimizer-queue",
      "0",
    ]);
    expect(parsed).toEqual({
      kind: "start",
      options: {
        quiet: false,
        controlEnabled: true,
        corsOrigins: ["https://app.example.com", "http://localhost:*"],
        allowedHosts: ["mock.example", ".dev.example", "other.example"],
        optimizerWorkers: 3,
        optimizerQueue: 0,
      },
    });
    expect(parseCliArgs(["--allowed-hosts", "all"])).toMatchObject({ options: { allowedHosts: true } });
    expect(parseCliArgs(["--cors-origin", "*"])).toMatchObject({ options: { corsOrigins: ["*"] } });
  });

  it.each([
    ["--cors-origin", "evil"],
    ["--cors-origin", "http://a.example/path"],
    ["--cors-origin", "ftp://a.example"],
    ["--allowed-hosts", "a b"],
    ["--allowed-hosts", "http://a.example"],
    ["--optimizer-workers", "0"],
    ["--optimizer-queue", "-1"],
  ])("rejects %s %s naming the flag", (flag, value) => {
    expect(() => parseCliArgs([flag, value])).toThrow(flag);
  });

  it.each([
    ["--port", "70000"],
    ["--port", "x"],
    ["--latency", "-1"],
    ["--build-seconds", "nan"],
    ["--optimizer-seconds", "-1"],
    ["--optimizer-seconds", ""],
    ["--add-key", "short"],
    ["--bogus"],
  ])("rejects %s %s", (...args) => {
    expect(() => parseCliArgs(args)).toThrow();
  });
});

describe("parseCliArgs --max-sessions", () => {
  it("--strict and --rate-limit n[/seconds]", () => {
    expect(parseCliArgs(["--strict", "--rate-limit", "100/30"])).toMatchObject({
      kind: "start",
      options: { strictBodies: true, rateLimit: { limit: 100, windowSeconds: 30 } },
    });
    expect(parseCliArgs(["--rate-limit", "5"])).toMatchObject({
      options: { rateLimit: { limit: 5, windowSeconds: 60 } },
    });
    for (const bad of ["0", "x", "5/0", "5/"])
      expect(() => parseCliArgs(["--rate-limit", bad]), bad).toThrow(/--rate-limit/);
  });

  it("sets the cap of sandbox sessions, 1..1000", () => {
    expect(parseCliArgs(["--max-sessions", "8"])).toMatchObject({ kind: "start", options: { maxSessions: 8 } });
    for (const bad of ["0", "1001", "x"])
      expect(() => parseCliArgs(["--max-sessions", bad])).toThrow(/--max-sessions must be an integer from 1 to 1000/);
  });
});

describe("parseCliArgs --session-idle-minutes, --max-connections and --headers-seconds", () => {
  it("map to sessionIdleMs, maxConnections and headersTimeoutMs, with their ranges", () => {
    expect(parseCliArgs(["--session-idle-minutes", "5", "--max-connections", "256"])).toMatchObject({
      kind: "start",
      options: { sessionIdleMs: 300_000, maxConnections: 256 },
    });
    expect(parseCliArgs(["--session-idle-minutes", "0"])).toMatchObject({ options: { sessionIdleMs: 0 } });
    expect(() => parseCliArgs(["--session-idle-minutes", "x"])).toThrow(
      /--session-idle-minutes must be an integer from 0 to 10080/,
    );
    for (const bad of ["0", "1000001", "x"])
      expect(() => parseCliArgs(["--max-connections", bad])).toThrow(
        /--max-connections must be an integer from 1 to 1000000/,
      );
    expect(parseCliArgs(["--headers-seconds", "2.5"])).toMatchObject({
      kind: "start",
      options: { headersTimeoutMs: 2500 },
    });
    for (const bad of ["0", "3601", "x"])
      expect(() => parseCliArgs(["--headers-seconds", bad])).toThrow(/--headers-seconds must be a number from/);
  });
});

describe("parseCliArgs: a misspelled flag", () => {
  it("names the closest flags", () => {
    expect(() => parseCliArgs(["--prot", "4010"])).toThrow(
      /^unknown flag --prot \(did you mean --port or --proxy\?\)$/,
    );
    expect(() => parseCliArgs(["--build-second", "2"])).toThrow(
      /unknown flag --build-second \(did you mean --build-seconds\?\)/,
    );
    expect(() => parseCliArgs(["--max-conections=9"])).toThrow(
      /^unknown flag --max-conections \(did you mean --max-connections or --max-sessions\?\)$/,
    );
    expect(() => parseCliArgs(["--zzzzzzzz"])).toThrow(/^unknown flag --zzzzzzzz$/);
  });

  it("names the flag a stray word looks like", () => {
    expect(() => parseCliArgs(["port", "4010"])).toThrow(
      /^unexpected argument "port": every option is a --flag \(did you mean --port\?\)$/,
    );
  });
});
