import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hash32 } from "../../_internal/hash.ts";
import { exchangeKey, type ExchangeRequest, type RecordedExchange } from "../../proxy/RecordedExchange.ts";
import { loadRecordings, recorder } from "./recordingDir.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "thematic-recordings-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function exchange(request: ExchangeRequest, json: unknown, recordedAt = "2025-06-01T00:00:00.000Z"): RecordedExchange {
  return {
    key: exchangeKey(request),
    request: { method: request.method, path: request.path, query: request.query, authorized: request.authorized },
    response: { status: 200, contentType: "application/json", json },
    recordedAt,
  };
}

/** Two requests of one endpoint whose match keys have the same 32-bit hash (found by search: about 80,000 tries). */
function collidingRequests(): [ExchangeRequest, ExchangeRequest] {
  const request = (q: string): ExchangeRequest => ({
    method: "GET",
    path: "/v1/companies",
    query: [["q", q]],
    body: "",
    authorized: true,
  });
  const seen = new Map<number, string>();
  for (let i = 0; i < 2_000_000; i++) {
    const q = `c${i}`;
    const h = hash32(exchangeKey(request(q)));
    const earlier = seen.get(h);
    if (earlier !== undefined) return [request(earlier), request(q)];
    seen.set(h, q);
  }
  throw new Error("no 32-bit collision in 2,000,000 keys");
}

function writeJson(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

describe("recorder and loadRecordings", () => {
  it("keeps both of two requests whose keys share a 32-bit hash: one file each, both replayed", () => {
    const [a, b] = collidingRequests();
    const ea = exchange(a, { answer: "a" });
    const eb = exchange(b, { answer: "b" });
    expect(ea.key).not.toBe(eb.key);
    expect(hash32(ea.key)).toBe(hash32(eb.key));
    const record = recorder(dir);
    record(ea);
    record(eb);
    expect(readdirSync(dir)).toHaveLength(2);
    const loaded = loadRecordings(dir);
    expect(loaded.get(ea.key)?.response.json).toEqual({ answer: "a" });
    expect(loaded.get(eb.key)?.response.json).toEqual({ answer: "b" });
  });

  it("replaces the file of a request asked again; of two files with one key, the later recordedAt wins", () => {
    const request: ExchangeRequest = { method: "GET", path: "/v1/health", query: [], body: "", authorized: false };
    const record = recorder(dir);
    record(exchange(request, { n: 1 }));
    record(exchange(request, { n: 2 }));
    expect(readdirSync(dir)).toHaveLength(1);
    writeJson("a-copy.json", exchange(request, { n: 3 }, "2025-07-01T00:00:00.000Z"));
    writeJson("z-older.json", exchange(request, { n: 0 }, "2025-01-01T00:00:00.000Z"));
    expect(loadRecordings(dir).get(exchangeKey(request))?.response.json).toEqual({ n: 3 });
  });

  it("names the file and the rule of every recording it refuses", () => {
    const good = exchange({ method: "GET", path: "/v1/health", query: [], body: "", authorized: false }, {});
    const cases: Array<[string, unknown, string]> = [
      ["broken.json", "{ not json", "not JSON"],
      ["array.json", [1, 2], "not a recorded exchange"],
      ["no-key.json", { ...good, key: 7 }, "key: must be a non-empty string"],
      [
        "status.json",
        { ...good, response: { ...good.response, status: 99 } },
        "response.status: must be an integer from 200 to 599, got 99",
      ],
      [
        "type.json",
        { ...good, response: { ...good.response, contentType: "text/html\r\nSet-Cookie: a=b" } },
        "response.contentType: must be a string usable as a header value",
      ],
      [
        "location.json",
        { ...good, response: { ...good.response, location: 12 } },
        "response.location: must be a string usable as a header value",
      ],
      [
        "base64.json",
        { ...good, response: { status: 200, contentType: "text/html", bodyBase64: "<html>" } },
        "response.bodyBase64: must be a base64 string",
      ],
      ["when.json", { ...good, recordedAt: null }, "recordedAt: must be a string"],
    ];
    for (const [name, value, rule] of cases) {
      const path = writeJson(name, value);
      expect(() => loadRecordings(dir), name).toThrow(`--replay: ${path}: ${rule}`);
      rmSync(path);
    }
    mkdirSync(join(dir, "folder.json"));
    expect(() => loadRecordings(dir)).toThrow(`--replay: ${join(dir, "folder.json")}: a directory, not a regular file`);
    rmSync(join(dir, "folder.json"), { recursive: true });
    expect(() => loadRecordings(join(dir, "missing"))).toThrow(
      `--replay: ${join(dir, "missing")}: the folder cannot be read`,
    );
  });

  it("follows a link to a regular file and ignores entries not named *.json", () => {
    const outside = mkdtempSync(join(tmpdir(), "thematic-recording-target-"));
    try {
      const target = join(outside, "one.json");
      const request: ExchangeRequest = { method: "GET", path: "/v1/benchmarks", query: [], body: "", authorized: true };
      writeFileSync(target, JSON.stringify(exchange(request, { linked: true })));
      symlinkSync(target, join(dir, "linked.json"));
      mkdirSync(join(dir, "notes"));
      writeFileSync(join(dir, "README.txt"), "not a recording");
      expect(loadRecordings(dir).get(exchangeKey(request))?.response.json).toEqual({ linked: true });
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
