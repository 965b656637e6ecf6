// A nearly full disk: a write that cannot be made durable must answer
// 507 with {error} saying the disk is full, keep the previous files intact and the in-memory
// state as it was, and the server must keep serving (and writing once space is freed).
// Two ways: an injected file-system layer (runs everywhere), and a real tmpfs filled up by a
// file, with the CLI as a child process (needs root and mount; skipped with a reason otherwise).
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadUniverse } from "@thematic/fixtures/load";
import { afterAll, describe, expect, it } from "vitest";
import { faultyFs } from "../../packages/mock-server/src/_test/faultyFs.ts";
import { filePersistence } from "../../packages/mock-server/src/adapters/node/filePersistence.ts";
import { createMock } from "../../packages/mock-server/src/app/createApp.ts";
import { createManualClock } from "../../packages/mock-server/src/clock/ManualClock.ts";
import { type MockChild, request, spawnMock } from "./_support/concurrencySupport.ts";
import { killAll } from "./_support/killAll.ts";
import { fillDisk, mountTmpfs, unmountTmpfs } from "./_support/tmpfs.ts";

interface Portfolio {
  id: string;
  name: string;
}

const universe = loadUniverse();
const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const c of cleanups.reverse()) c();
});
const bigMetadata = { notes: "n".repeat(32 * 1024) }; // needs fresh pages of the disk

describe("full disk, injected file-system layer", () => {
  it("a POST that cannot be persisted is a 507 that changes nothing; later writes work once space is freed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "thematic-full-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, "state.json");
    const disk = faultyFs();
    const boot = () =>
      createMock({
        universe,
        clock: createManualClock(),
        quiet: true,
        persistence: filePersistence(file, { fs: disk, log: () => {} }),
      });
    const { app, ctx } = boot();
    const key = ctx.store.state.users.find((u) => u.active)!.apiKey;
    const call = async (method: string, path: string, body?: unknown) => {
      const init: RequestInit = {
        method,
        headers: {
          Authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
      };
      if (body !== undefined) init.body = JSON.stringify(body);
      const r = await app.request(path, init);
      return { status: r.status, body: (await r.json()) as unknown };
    };
    const holding = { symbol: [...universe.securityById.values()][0]!.symbol, weight: 1 };
    expect((await call("POST", "/v1/portfolios", { name: "kept", holdings: [holding] })).status).toBe(201);
    const before = await call("GET", "/v1/portfolios");
    const stateBefore = ctx.store.state;
    const content = (path: string) =>
      lstatSync(path).isSymbolicLink() ? `-> ${readlinkSync(path)}` : readFileSync(path).toString("base64"); // the lock is a link
    const files = () =>
      readdirSync(dir)
        .sort()
        .map((name) => [name, content(join(dir, name))]);
    const filesBefore = files();

    disk.freeBytes = 1000; // less than the write needs: a short write, then ENOSPC
    const refused = await call("POST", "/v1/portfolios", {
      name: "refused",
      holdings: [holding],
      metadata: bigMetadata,
    });
    expect(refused.status).toBe(507);
    expect((refused.body as { error: string }).error).toMatch(/disk is full/);
    expect(ctx.store.state).toBe(stateBefore);
    expect(await call("GET", "/v1/portfolios")).toEqual(before);
    expect(files()).toEqual(filesBefore);

    disk.freeBytes = Infinity;
    expect((await call("POST", "/v1/portfolios", { name: "after", holdings: [holding] })).status).toBe(201);
    const relisted = await boot().app.request("/v1/portfolios", { headers: { Authorization: `Bearer ${key}` } });
    const names = ((await relisted.json()) as Portfolio[]).map((p) => p.name);
    expect(names).toContain("kept");
    expect(names).toContain("after");
    expect(names).not.toContain("refused");
  });
});

const tmpfs = mountTmpfs("4m");
if ("reason" in tmpfs) console.log(`[diskFull] skipping the tmpfs case: ${tmpfs.reason}`);

describe.skipIf("reason" in tmpfs)("full disk, a real tmpfs, the CLI as a child process", () => {
  const dir = "dir" in tmpfs ? tmpfs.dir : "";
  const dataDir = join(dir, "data");
  const running: MockChild[] = [];
  afterAll(async () => {
    await killAll(running);
    unmountTmpfs(dir);
  });

  it("answers 507 on the full disk, keeps serving, and the file survives a SIGKILL and a restart", async () => {
    mkdirSync(dataDir);
    const file = join(dataDir, "state.json");
    const mock = await spawnMock(file);
    running.push(mock);
    const premade = await request<Array<{ id: string }>>(mock.url, mock.key, "GET", "/v1/premade-strategies");
    const companies = await request<Array<{ id: string }>>(
      mock.url,
      mock.key,
      "GET",
      `/v1/premade-strategies/${premade.body[0]!.id}/companies`,
    );
    const holdings = [{ org_id: companies.body[0]!.id, weight: 1 }];
    expect((await request(mock.url, mock.key, "POST", "/v1/portfolios", { name: "kept", holdings })).status).toBe(201);

    expect(fillDisk(join(dir, "filler"))).toBeGreaterThan(0);
    const refused = await request<{ error: string }>(mock.url, mock.key, "POST", "/v1/portfolios", {
      name: "refused",
      holdings,
      metadata: bigMetadata,
    });
    expect(refused.status).toBe(507);
    expect(refused.body.error).toMatch(/disk is full \(ENOSPC/);
    const reset = await request<{ error: string }>(mock.url, null, "POST", "/__mock/reset", {});
    expect(reset.status).toBe(507);
    expect((await request(mock.url, null, "GET", "/v1/health")).status).toBe(200);
    const listed = await request<Portfolio[]>(mock.url, mock.key, "GET", "/v1/portfolios");
    expect(listed.body.map((p) => p.name)).toContain("kept");
    expect(listed.body.map((p) => p.name)).not.toContain("refused");
    expect(readdirSync(dataDir).filter((n) => n.endsWith(".tmp"))).toEqual([]);

    mock.child.kill("SIGKILL");
    await mock.exited;
    rmSync(join(dir, "filler"));
    const again = await spawnMock(file);
    running.push(again);
    const names = (await request<Portfolio[]>(again.url, again.key, "GET", "/v1/portfolios")).body.map((p) => p.name);
    expect(names).toContain("kept");
    expect(names).not.toContain("refused");
    expect(existsSync(`${file}.journal`)).toBe(true);
  });
});
