import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { originMatcher } from "./originMatcher.ts";

describe("originMatcher", () => {
  const local = originMatcher([
    "http://localhost:*",
    "http://127.0.0.1:*",
    "http://[::1]:*",
    "https://app.example.com",
  ]);

  it("matches loopback origins on any port, and exact entries", () => {
    for (const o of [
      "http://localhost:5173",
      "http://localhost",
      "HTTP://LOCALHOST:3000",
      "http://127.0.0.1:8080",
      "http://[::1]:4010",
      "https://app.example.com",
    ]) {
      expect([o, local(o)]).toEqual([o, true]);
    }
  });

  it("refuses look-alikes: another scheme, a longer host, a suffix, a path, null", () => {
    for (const o of [
      "https://localhost:5173",
      "http://localhost.evil.example",
      "http://localhost:5173.evil.example",
      "http://evil-localhost:1",
      "http://127.0.0.10:80",
      "https://app.example.com.evil",
      "https://app.example.com:8443",
      "null",
      "",
    ]) {
      expect([o, local(o)]).toEqual([o, false]);
    }
  });

  it("never matches a host other than the listed ones, whatever the port", () => {
    fc.assert(
      fc.property(fc.domain(), fc.integer({ min: 0, max: 65535 }), (host, port) => {
        fc.pre(host !== "localhost" && host !== "app.example.com");
        expect(local(`http://${host}:${port}`)).toBe(false);
      }),
    );
  });

  it("* matches every origin", () => {
    expect(originMatcher(["*"])("https://anything.example")).toBe(true);
  });
});
