// SIGKILL in the middle of a save left `state.json.<pid>.tmp` beside the state file (5 runs of
// 7), never cleaned. A start now removes those of dead processes (and any older
// than 10 minutes), and a failed save removes its own.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type MockChild, request, spawnMock } from "./_support/concurrencySupport.ts";
import { killAll } from "./_support/killAll.ts";

const dir = mkdtempSync(join(tmpdir(), "thematic-tmpfiles-"));
const running: MockChild[] = [];
afterAll(async () => {
  await killAll(running);
  rmSync(dir, { recursive: true, force: true });
});
const temps = () =>
  readdirSync(dir)
    .filter((n) => n.endsWith(".tmp"))
    .sort();

describe("temporary files of a killed save", () => {
  it("are removed at the next start; a live process's recent one is kept", async () => {
    const file = join(dir, "state.json");
    const first = await spawnMock(file);
    running.push(first);
    // Saves in a burst (each reset writes a whole snapshot through a temporary file), killed mid-way.
    const resets = Array.from({ length: 40 }, () =>
      request(first.url, null, "POST", "/__mock/reset", {}).catch(() => null),
    );
    await new Promise((r) => setTimeout(r, 30));
    first.child.kill("SIGKILL");
    await Promise.all(resets);
    await first.exited;

    const dead = spawnSync(process.execPath, ["-e", ""]).pid!; // a pid that has exited
    writeFileSync(join(dir, `state.json.${dead}.tmp`), '{"partial');
    const old = join(dir, `state.json.${process.ppid}.tmp`); // a live pid, but a file from long ago
    writeFileSync(old, "{");
    utimesSync(old, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    const recent = `state.json.${process.pid}.tmp`; // a live process saving right now
    writeFileSync(join(dir, recent), "{");
    expect(temps().length).toBeGreaterThanOrEqual(3);

    const second = await spawnMock(file);
    running.push(second);
    expect((await request(second.url, second.key, "GET", "/v1/health")).status).toBe(200);
    expect(temps()).toEqual([recent]);
  });
});
