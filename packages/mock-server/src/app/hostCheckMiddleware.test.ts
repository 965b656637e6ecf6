import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeMock } from "../_test/makeMock.ts";
import { hostAllowed } from "./hostCheckMiddleware.ts";

describe("hostAllowed", () => {
  it("accepts loopback names, *.localhost and IP literals with or without a port", () => {
    for (const h of [
      "localhost",
      "localhost:4010",
      "LOCALHOST:1",
      "app.localhost:5173",
      "127.0.0.1:4010",
      "10.0.0.7",
      "[::1]:4010",
      "[fe80::1]",
    ]) {
      expect([h, hostAllowed(h, [])]).toEqual([h, true]);
    }
  });

  it("refuses other names unless listed; a leading dot lists the domain and its subdomains", () => {
    for (const h of ["evil.example", "evil.example:4010", "localhost.evil.example", "127.0.0.1.nip.io", "", ":80"]) {
      expect([h, hostAllowed(h, [])]).toEqual([h, false]);
    }
    expect(hostAllowed("mock.example:4010", ["mock.example"])).toBe(true);
    expect(hostAllowed("a.mock.example", ["mock.example"])).toBe(false);
    expect(hostAllowed("a.mock.example", [".mock.example"])).toBe(true);
    expect(hostAllowed("mock.example", [".mock.example"])).toBe(true);
    expect(hostAllowed("evilmock.example", [".mock.example"])).toBe(false);
  });

  it("refuses every generated domain name that is not listed", () => {
    fc.assert(
      fc.property(fc.domain(), (d) => {
        fc.pre(d !== "localhost" && !d.endsWith(".localhost"));
        expect(hostAllowed(`${d}:4010`, ["mock.example"])).toBe(d === "mock.example");
      }),
    );
  });
});

describe("hostCheckMiddleware in the app", () => {
  it("answers 403 {error} to a rebinding Host when allowedHosts is a list; no check by default (msw)", async () => {
    const guarded = makeMock({ allowedHosts: [] });
    const r = await guarded.app.request("/v1/health", { headers: { Host: "evil.example:4010" } });
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: string }).error).toMatch(/--allowed-hosts evil\.example/);
    expect((await guarded.app.request("/v1/health", { headers: { Host: "127.0.0.1:4010" } })).status).toBe(200);
    expect((await makeMock().app.request("/v1/health", { headers: { Host: "api.thematic.test" } })).status).toBe(200);
  });
});
