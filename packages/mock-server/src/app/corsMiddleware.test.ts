import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { corsMiddleware } from "./corsMiddleware.ts";
import type { AppEnv } from "../context/ServiceContext.ts";

const LOCAL = "http://localhost:5173";

function app(allowOrigins: readonly string[] = ["http://localhost:*"]) {
  const a = new Hono<AppEnv>();
  a.use(
    "*",
    corsMiddleware({
      allowOrigins,
      allowMethods: ["GET", "POST"],
      allowHeaders: ["Authorization", "Content-Type"],
      exposeHeaders: ["WWW-Authenticate"],
      maxAgeSeconds: 600,
    }),
  );
  a.get("/json", (c) => c.json({ ok: true }));
  a.get("/raw", () => new Response("raw", { headers: { "Content-Type": "text/plain", "X-Own": "kept" } }));
  a.get("/redirect", () => Response.redirect("http://localhost/elsewhere", 302)); // immutable headers
  a.get("/throws", () => {
    throw new Error("boom");
  });
  a.onError((_e, c) => c.json({ error: "failed" }, 500));
  return a;
}

describe("corsMiddleware", () => {
  it("answers an allowed origin's preflight 204 with that origin, the methods, headers and max age, without running the route", async () => {
    const r = await app().request("/nowhere", {
      method: "OPTIONS",
      headers: { Origin: LOCAL, "Access-Control-Request-Method": "POST" },
    });
    expect(r.status).toBe(204);
    const names = [
      "access-control-allow-origin",
      "access-control-allow-methods",
      "access-control-allow-headers",
      "access-control-max-age",
      "vary",
    ];
    expect(Object.fromEntries(names.map((n) => [n, r.headers.get(n)]))).toEqual({
      "access-control-allow-origin": LOCAL,
      "access-control-allow-methods": "GET,POST",
      "access-control-allow-headers": "Authorization,Content-Type",
      "access-control-max-age": "600",
      vary: "Origin",
    });
    expect(await r.text()).toBe("");
  });

  it("refuses the preflight of an origin outside the allow-list with 403 {error} naming the origin and the option", async () => {
    const r = await app().request("/json", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(r.status).toBe(403);
    expect(r.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(((await r.json()) as { error: string }).error).toMatch(/"https:\/\/evil\.example".*--cors-origin/);
  });

  it("adds the origin and expose headers to every kind of response for an allowed origin, keeping body, status and own headers", async () => {
    const a = app();
    for (const [path, status, body] of [
      ["/json", 200, '{"ok":true}'],
      ["/raw", 200, "raw"],
      ["/throws", 500, '{"error":"failed"}'],
      ["/missing", 404, "404 Not Found"],
    ] as const) {
      const r = await a.request(path, { headers: { Origin: LOCAL } });
      expect([path, r.status, await r.text()]).toEqual([path, status, body]);
      expect(r.headers.get("Access-Control-Allow-Origin")).toBe(LOCAL);
      expect(r.headers.get("Access-Control-Expose-Headers")).toBe("WWW-Authenticate");
      expect(r.headers.get("Vary")).toBe("Origin");
      expect(r.headers.get("Access-Control-Max-Age")).toBeNull(); // preflight-only
    }
    expect((await a.request("/raw")).headers.get("X-Own")).toBe("kept");
  });

  it("gives no CORS header to an origin outside the list (the browser hides the answer), nor to a request without Origin", async () => {
    const a = app();
    for (const headers of [
      { Origin: "https://evil.example" },
      { Origin: "http://localhost.evil.example:80" },
      { Origin: "null" },
      {},
    ] as Array<Record<string, string>>) {
      const r = await a.request("/json", { headers });
      expect(r.status).toBe(200);
      expect(r.headers.get("Access-Control-Allow-Origin")).toBeNull();
    }
  });

  it("answers an OPTIONS request without Origin (not a preflight) 204 without allowing any origin", async () => {
    const r = await app().request("/json", { method: "OPTIONS" });
    expect(r.status).toBe(204);
    expect(r.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("answers * to every origin only when the list holds *", async () => {
    const r = await app(["*"]).request("/json", { headers: { Origin: "https://anywhere.example" } });
    expect(r.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(r.headers.get("Vary")).toBeNull();
  });

  it("answers Chrome's private-network preflight for an allowed origin", async () => {
    const r = await app().request("/json", {
      method: "OPTIONS",
      headers: { Origin: LOCAL, "Access-Control-Request-Private-Network": "true" },
    });
    expect(r.headers.get("Access-Control-Allow-Private-Network")).toBe("true");
  });

  it("copies a response whose headers are immutable (a redirect) instead of failing", async () => {
    const r = await app().request("/redirect", { headers: { Origin: LOCAL } });
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("http://localhost/elsewhere");
    expect(r.headers.get("Access-Control-Allow-Origin")).toBe(LOCAL);
  });
});
