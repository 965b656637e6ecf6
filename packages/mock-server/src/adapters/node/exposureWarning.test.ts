import { describe, expect, it } from "vitest";
import { exposureWarning } from "./exposureWarning.ts";
import { isLoopbackHost } from "./isLoopbackHost.ts";

describe("non-loopback binds", () => {
  it("isLoopbackHost: loopback names and addresses only", () => {
    for (const h of ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "app.localhost", "::1", "[::1]"])
      expect([h, isLoopbackHost(h)]).toEqual([h, true]);
    for (const h of ["0.0.0.0", "::", "192.168.1.5", "10.0.0.1", "mock.example", "127.0.0.1.nip.io", ""])
      expect([h, isLoopbackHost(h)]).toEqual([h, false]);
  });

  it("the warning says what is exposed and how to narrow it", () => {
    const text = exposureWarning("http://0.0.0.0:4010", "0.0.0.0", true);
    expect(text).toMatch(/^\nWARNING: --host 0\.0\.0\.0/);
    expect(text).toMatch(/API keys printed below are public/);
    expect(text).toMatch(/--no-control/);
    expect(exposureWarning("http://0.0.0.0:4010", "0.0.0.0", false)).toMatch(/control surface is off/);
  });
});
