import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../packages/mock-server/src/adapters/node/startServer.ts";
import { artifactDir, launchChromium } from "../_support/launchChromium.ts";
import { scaled } from "../_support/timeScale.ts";

/**
 * The studio page in headless Chromium against the real server (fixtures, port 0): it loads with
 * no error, its buttons change the server's state (checked through the API, not the page), the log
 * shows requests made from outside the page, builds move live, the explorer draws a chart, and the
 * page is usable from the keyboard. Screenshots go to test/artifacts/studio/.
 */
const KEY = "thm_ines_63e54a1cde00f20d";
let server: RunningServer;
let browser: Browser;
let page: Page;
const problems: string[] = [];

const api = async <T>(
  path: string,
  init: { method?: string; body?: unknown; key?: string } = {},
): Promise<{ status: number; json: T }> => {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (init.key !== undefined) headers.Authorization = `Bearer ${init.key}`;
  const response = await fetch(server.url + path, {
    method: init.method ?? "GET",
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, json: (await response.json()) as T };
};
const state = async () =>
  (
    await api<{ latencyMs: number; clockOffsetMs: number; buildDurationMs: number; runningBuilds: number }>(
      "/__mock/state",
    )
  ).json;

beforeAll(async () => {
  server = await startServer({ port: 0, quiet: true, buildDurationMs: 600_000 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  await page.goto(`${server.url}/__mock/studio`);
  await page.waitForSelector("body[data-ready=true]");
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the studio page", () => {
  it("loads from the mock alone, with the users, their keys and the strategies", async () => {
    expect(await page.title()).toBe("Thematic mock studio");
    await expect.poll(() => page.locator("#users tr").count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator("#users").innerText()).toContain(KEY);
    expect(await page.locator("#strategies tr").count()).toBeGreaterThan(0);
    expect(await page.locator("#explorer-source option").count()).toBeGreaterThan(18);
    // Limits read from /openapi.json (the control routes' zod schemas): settings latencyMs max 60000.
    expect(await page.locator("#latency").getAttribute("max")).toBe("60000");
    expect(await page.getByLabel("Duration of later builds (ms)").inputValue()).toBe("600000"); // the server's setting
    expect(problems).toEqual([]);
  });

  it("a button changes the server's state", async () => {
    await page.getByLabel("Latency of every request (ms)").fill("250");
    await page.getByRole("button", { name: "Set latency" }).click();
    await expect.poll(async () => (await state()).latencyMs).toBe(250);
    await expect.poll(() => page.locator("#control-result").innerText()).toBe("Latency: done.");
    await page.getByLabel("Latency of every request (ms)").fill("0");
    await page.getByRole("button", { name: "Set latency" }).click();
    await expect.poll(async () => (await state()).latencyMs).toBe(0);

    await page.getByLabel("Fast-forward the clock (minutes)").fill("2");
    await page.getByRole("button", { name: "Fast-forward" }).click();
    await expect.poll(async () => (await state()).clockOffsetMs).toBe(120_000);
    await page.getByRole("button", { name: "Reset to the fixtures" }).click();
    await expect.poll(async () => (await state()).clockOffsetMs).toBe(0);
  });

  it("an input outside the schema's limits is refused in the page, and the server is not called", async () => {
    await page.getByLabel("Latency of every request (ms)").fill("70000");
    await page.getByRole("button", { name: "Set latency" }).click();
    expect(await page.locator("#latency").evaluate((e) => (e as HTMLInputElement).validity.rangeOverflow)).toBe(true);
    expect((await state()).latencyMs).toBe(0);
  });

  it("shows a request made from outside, a build moving live, and completes it with a button", async () => {
    const created = await api<{ id: string }>("/v1/strategies", {
      method: "POST",
      key: KEY,
      body: { name: "Studio watch", objective: "grid-scale battery storage" },
    });
    expect(created.status).toBe(201);
    expect(
      (await api(`/v1/strategies/${created.json.id}/submit`, { method: "POST", key: KEY, body: {} })).status,
    ).toBeLessThan(300);
    const log = page.locator("#log");
    await expect
      .poll(() => log.innerText(), { timeout: scaled(10_000) })
      .toContain(`/v1/strategies/${created.json.id}/submit`);
    expect(await log.innerText()).toContain("Ines Okafor");

    const row = page.locator("#strategies tr", { hasText: "Studio watch" });
    await expect
      .poll(() => row.locator(".status-text").innerText(), { timeout: scaled(10_000) })
      .toMatch(/^(Not built|Building \d+%)$/);
    await page.getByLabel("Fast-forward the clock (minutes)").fill("5");
    await page.getByRole("button", { name: "Fast-forward" }).click();
    await expect
      .poll(() => row.locator(".status-text").innerText(), { timeout: scaled(10_000) })
      .toMatch(/^Building ([1-9]\d?)%$/);

    await page.getByRole("button", { name: "Complete running builds" }).click();
    await expect
      .poll(async () => (await api<{ status: number }>(`/v1/strategies/${created.json.id}`, { key: KEY })).json.status)
      .toBe(100);
    await expect.poll(() => row.locator(".status-text").innerText(), { timeout: scaled(10_000) }).toBe("Done");
  });

  it("forces the next build's outcome with a button (checked by building through the API)", async () => {
    // The objective builds fine on its own (the previous test completed it at 100): only the button can make it -2.
    const created = await api<{ id: string }>("/v1/strategies", {
      method: "POST",
      key: KEY,
      body: { name: "Studio fail", objective: "grid-scale battery storage" },
    });
    const row = page.locator("#strategies tr", { hasText: "Studio fail" });
    await row.getByRole("button", { name: "Fail permanently", exact: true }).click();
    await expect
      .poll(() => row.getByRole("button", { name: "Fail permanently", exact: true }).getAttribute("aria-pressed"))
      .toBe("true");
    await api(`/v1/strategies/${created.json.id}/submit`, { method: "POST", key: KEY, body: {} });
    await api("/__mock/builds/complete", { method: "POST", body: {} });
    expect((await api<{ status: number }>(`/v1/strategies/${created.json.id}`, { key: KEY })).json.status).toBe(-2);
  });

  it("draws a backtest of a premade strategy against a chosen benchmark", async () => {
    // (A label wrapping a select names it with its text and the selected option's, so ids here.)
    const premade = (await api<{ premade: Array<{ id: string; name: string }> }>("/__mock/studio/snapshot")).json
      .premade[1]!;
    await page.locator("#explorer-source").selectOption(`premade:${premade.id}`);
    await page.locator("#explorer-benchmark").selectOption("QQQ");
    await page.getByLabel("Years").fill("3");
    await page.getByRole("button", { name: "Draw the chart" }).click();
    await expect
      .poll(() => page.locator("#explorer-status").innerText(), { timeout: scaled(30_000) })
      .toMatch(/^Drawn: /);
    const image = page.getByRole("img", { name: `NAV against the benchmark of ${premade.name} against QQQ, 3 years` });
    await image.waitFor({ state: "visible", timeout: scaled(30_000) });
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(600);
    await page.screenshot({ path: join(artifactDir("studio"), "studio.png"), fullPage: true });
  });

  it("shows the full report of the chosen portfolio in a sandboxed frame", async () => {
    const premade = (await api<{ premade: Array<{ id: string; name: string }> }>("/__mock/studio/snapshot")).json
      .premade[1]!;
    await page.locator("#explorer-source").selectOption(`premade:${premade.id}`);
    await page.locator("#explorer-benchmark").selectOption("SPY");
    await page.getByLabel("Years").fill("5");
    await page.locator("#explorer-chart").selectOption("full-report");
    await page.getByRole("button", { name: "Draw the chart" }).click();
    await expect
      .poll(() => page.locator("#explorer-status").innerText(), { timeout: 60_000 })
      .toMatch(/^Drawn: Full report/);
    const frame = page.locator("#explorer-report");
    await frame.waitFor({ state: "visible", timeout: 30_000 });
    expect(await page.locator("#explorer-image").isHidden()).toBe(true);
    expect(await frame.getAttribute("sandbox")).toBe("");
    const report = page.frameLocator("#explorer-report");
    await report.locator("table").first().waitFor({ state: "attached", timeout: 30_000 });
    expect(await report.locator("svg").count()).toBeGreaterThanOrEqual(10);
    expect(await report.locator("tr").count()).toBeGreaterThanOrEqual(40);
    await frame.scrollIntoViewIfNeeded();
    await frame.screenshot({ path: join(artifactDir("studio"), "studio-full-report.png") });
    await page.locator("#explorer-chart").selectOption("nav");
  });

  it("is usable from the keyboard, with a visible focus", async () => {
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to the controls");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("reset");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe("none");
    await api("/__mock/clock/advance", { method: "POST", body: { ms: 60_000 } });
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await state()).clockOffsetMs).toBe(0);
    // Every form control has an accessible name.
    const unnamed = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll("input, select, button")).filter(
          (e) =>
            (e as HTMLElement).innerText === "" &&
            (e as HTMLInputElement).labels?.length === 0 &&
            !e.getAttribute("aria-label"),
        ).length,
    );
    expect(unnamed).toBe(0);
    expect(problems).toEqual([]);
  });

  it("shows each logged request once, newest first, even when refreshes overlap", async () => {
    for (let i = 0; i < 5; i++) {
      await api("/v1/health");
      // Two refreshes started together (each toggle of the checkbox refreshes), besides the poll.
      await page.evaluate(() => {
        const box = document.getElementById("show-archived") as HTMLInputElement;
        box.click();
        box.click();
      });
    }
    await expect.poll(() => page.locator("#log tr").count()).toBeGreaterThanOrEqual(5);
    await page.waitForTimeout(1500); // let every started refresh land (a duplicate would appear by then)
    const seqs = await page
      .locator("#log tr")
      .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.seq)));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
  });
});
