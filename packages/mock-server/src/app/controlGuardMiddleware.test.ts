import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";

const JSON_TYPE = { "Content-Type": "application/json" };

describe("control surface guard", () => {
  it("refuses a body-less POST, an HTML form and a text/plain POST with 415, and changes nothing", async () => {
    const m = makeMock();
    await m.anonymous.post("/__mock/clock/advance", { ms: 1000 });
    for (const init of [
      { method: "POST" },
      { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" },
      { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "--x--" },
      { method: "POST", headers: { "Content-Type": "text/plain" }, body: "{}" },
    ]) {
      const r = await m.app.request("/__mock/reset", init);
      expect(r.status).toBe(415);
      expect((await body<{ error: string }>(r)).error).toMatch(/Content-Type: application\/json/);
    }
    const put = await m.app.request("/__mock/settings", {
      method: "PUT",
      headers: { "Content-Type": "text/plain" },
      body: '{"latencyMs":60000}',
    });
    expect(put.status).toBe(415);
    expect(m.ctx.options.latencyMs).toBe(0);
    expect(m.ctx.clock.offset()).toBe(1000); // the reset never ran
  });

  it("accepts JSON with a body of {} (and a charset parameter)", async () => {
    const m = makeMock();
    for (const type of ["application/json", "application/json; charset=utf-8", "Application/JSON"]) {
      expect(
        (await m.app.request("/__mock/reset", { method: "POST", headers: { "Content-Type": type }, body: "{}" }))
          .status,
      ).toBe(200);
    }
  });

  it("refuses a foreign Origin with 403 even with a JSON body; accepts the server's own origin and the allow-list", async () => {
    const m = makeMock();
    const send = (origin: string) =>
      m.app.request("http://localhost:4010/__mock/reset", {
        method: "POST",
        headers: { ...JSON_TYPE, Origin: origin },
        body: "{}",
      });
    const refused = await send("https://evil.example");
    expect(refused.status).toBe(403);
    expect((await body<{ error: string }>(refused)).error).toMatch(/"https:\/\/evil\.example"/);
    expect((await send("null")).status).toBe(403);
    expect((await send("http://localhost:4010")).status).toBe(200); // own origin
    expect((await send("http://127.0.0.1:5173")).status).toBe(200); // default allow-list
    expect((await m.app.request("/__mock/state", { headers: { Origin: "https://evil.example" } })).status).toBe(403);
    const configured = makeMock({ corsOrigins: ["https://studio.example"] });
    const ok = await configured.app.request("/__mock/reset", {
      method: "POST",
      headers: { ...JSON_TYPE, Origin: "https://studio.example" },
      body: "{}",
    });
    expect(ok.status).toBe(200);
  });

  it("leaves reads without Origin alone (curl, test harnesses)", async () => {
    expect((await makeMock().anonymous.get("/__mock/state")).status).toBe(200);
  });
});
