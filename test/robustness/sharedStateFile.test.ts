// Two servers on one --data file would interleave their journal lines and make the file
// unreadable at the next start: the second is refused while the first runs, and a file whose
// server was killed is taken over at once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type MockChild, request, spawnMock } from "./_support/concurrencySupport.ts";
import { killAll } from "./_support/killAll.ts";

const dir = mkdtempSync(join(tmpdir(), "thematic-shared-"));
const running: MockChild[] = [];
afterAll(async () => {
  await killAll(running);
  rmSync(dir, { recursive: true, force: true });
});

describe("one state file, one server", () => {
  it("refuses a second server on a file in use; takes over the file of a killed one", async () => {
    const file = join(dir, "state.json");
    const first = await spawnMock(file);
    running.push(first);
    await expect(spawnMock(file)).rejects.toThrow(
      new RegExp(
        `exited early \\(1\\): thematic-mock: another process \\(pid ${first.child.pid}\\) is serving this state`,
      ),
    );
    expect(
      (await request(first.url, first.key, "POST", "/v1/strategies", { name: "kept", objective: "water" })).status,
    ).toBe(201);
    first.child.kill("SIGKILL");
    await first.exited;
    const second = await spawnMock(file);
    running.push(second);
    const list = await request<Array<{ name: string }>>(second.url, second.key, "GET", "/v1/strategies");
    expect(list.body.map((s) => s.name)).toContain("kept");
  });
});
