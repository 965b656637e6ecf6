import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { corsMiddleware } from "./corsMiddleware.ts";
import type { AppEnv } from "./ServiceContext.ts";

function app() {
  const a = new Hono<AppEnv>();
  a.use("*", corsMiddleware({ allowMethods: ["GET", "POST"], allowHeaders: ["Authorization", "Content-Type"], exposeHeaders: ["WWW-Authenticate"], maxAgeSeconds: 600 }));
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
  it("answers a preflight 204 with the allowed methods, headers and max age, without running the route", async () => {
    const r = await app().request("/nowhere", { method: "OPTIONS", headers: { Origin: "http://localhost:5173", "Access-Control-Request-Method": "POST" } });
    expect(r.status).toBe(204);
    const names = ["access-control-allow-origin", "access-control-allow-methods", "access-control-allow-headers", "access-control-max-age", "access-control-expose-headers"];
    expect(Object.fromEntries(names.map((n) => [n, r.headers.get(n)]))).toEqual({
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET,POST",
      "access-control-allow-headers": "Authorization,Content-Type",
      "access-control-max-age": "600",
      "access-control-expose-headers": "WWW-Authenticate",
    });
    expect(await r.text()).toBe("");
  });

  it("adds the origin and expose headers to every kind of response, keeping body, status and own headers", async () => {
    const a = app();
    for (const [path, status, body] of [["/json", 200, '{"ok":true}'], ["/raw", 200, "raw"], ["/throws", 500, '{"error":"failed"}'], ["/missing", 404, "404 Not Found"]] as const) {
      const r = await a.request(path, { headers: { Origin: "http://localhost:5173" } });
      expect([path, r.status, await r.text()]).toEqual([path, status, body]);
      expect(r.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(r.headers.get("Access-Control-Expose-Headers")).toBe("WWW-Authenticate");
      expect(r.headers.get("Access-Control-Max-Age")).toBeNull(); // preflight-only
    }
    expect((await a.request("/raw")).headers.get("X-Own")).toBe("kept");
  });

  it("copies a response whose headers are immutable (a redirect) instead of failing", async () => {
    const r = await app().request("/redirect");
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("http://localhost/elsewhere");
    expect(r.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });
});
