// The state file's lock must follow its owner, not a pid, and every name of the file:
// - after SIGKILL of the server, its pid stays in the process table as a zombie until its parent
//   reaps it (1.7–2.0 s after killing `npm start`'s process group, forever under an init that
//   does not reap); an immediate restart was refused. Here the server's parent never reaps it.
// - a lock naming a pid now used by an unrelated process was refused until deleted by hand.
// - a symbolic link to the --data file used its own lock and journal: a second server ran
//   beside the first, and its compaction replaced the link with a file.
import { type ChildProcess, spawn } from "node:child_process";
import {
  lstatSync,
  mkdirSync,
  statSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  unlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testUniverse } from "../../packages/mock-server/src/_test/testUniverse.ts";
import { hostTag, processToken } from "../../packages/mock-server/src/adapters/node/_internal/processIdentity.ts";
import { filePersistence } from "../../packages/mock-server/src/adapters/node/filePersistence.ts";
import { createStore } from "../../packages/mock-server/src/store/Store.ts";
import { LAUNCHER, type MockChild, request, spawnMock } from "./_support/concurrencySupport.ts";
import { killAll } from "./_support/killAll.ts";

const dir = mkdtempSync(join(tmpdir(), "thematic-lock-owner-"));
const running: MockChild[] = [];
/** These tests wait on the children's output and exits; the bound only ends a hung run (start-ups take seconds each under load). */
const CHILD_TIMEOUT = 180_000;
const others: ChildProcess[] = [];
afterAll(async () => {
  await killAll(running);
  for (const c of others) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});
const linux = process.platform === "linux";
const procState = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat[stat.lastIndexOf(")") + 2];
  } catch {
    return null;
  }
};

/**
 * The CLI started by a shell that then becomes `sleep` (it never reaps its child, as a container's
 * init may not): resolves with the server's pid and first API key once it has printed its banner.
 */
function spawnUnreaped(file: string): Promise<{ pid: number; url: string; key: string }> {
  const script = '"$@" & echo "server-pid $!"; exec sleep 600';
  const sh = spawn("sh", ["-c", script, "sh", process.execPath, LAUNCHER, "--port", "0", "--quiet", "--data", file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  others.push(sh);
  let out = "";
  return new Promise((resolve, reject) => {
    sh.once("exit", (code) => reject(new Error(`the shell exited (${code}): ${out}`)));
    sh.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const pid = /server-pid (\d+)/.exec(out)?.[1];
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const key = /API keys[^\n]*\n\s+(\S+)/.exec(out)?.[1];
      if (pid !== undefined && url !== undefined && key !== undefined) resolve({ pid: Number(pid), url, key });
    });
  });
}

describe("the lock follows its owner", () => {
  it.skipIf(!linux)(
    "a server killed but not reaped (a zombie) does not block an immediate restart",
    async () => {
      const file = join(dir, "zombie.json");
      const first = await spawnUnreaped(file);
      expect(
        (await request(first.url, first.key, "POST", "/v1/strategies", { name: "kept", objective: "water" })).status,
      ).toBe(201);
      process.kill(first.pid, "SIGKILL");
      while (procState(first.pid) !== "Z") await new Promise((r) => setTimeout(r, 20)); // killed; its parent will never reap it
      const second = await spawnMock(file);
      running.push(second);
      const names = (await request<Array<{ name: string }>>(second.url, second.key, "GET", "/v1/strategies")).body.map(
        (s) => s.name,
      );
      expect(names).toContain("kept");
      expect(procState(first.pid)).toBe("Z"); // it was still a zombie while the second server started
    },
    CHILD_TIMEOUT,
  );

  it.skipIf(!linux)(
    "a lock naming a pid now used by an unrelated process is taken over",
    async () => {
      const file = join(dir, "reused.json");
      const first = await spawnMock(file);
      running.push(first);
      first.child.kill("SIGKILL");
      await first.exited;
      const unrelated = spawn("sleep", ["600"], { stdio: "ignore" });
      others.push(unrelated);
      // The dead server's lock, with its pid now given to `sleep` (the start token still the server's).
      const [, , token, host] = readlinkSync(`${file}.lock`).split(":");
      expect(host).toBe(hostTag());
      expect(token).not.toBe(processToken(unrelated.pid!));
      unlinkSync(`${file}.lock`);
      symlinkSync(`thematic-mock:${unrelated.pid}:${token}:${host}`, `${file}.lock`);
      const second = await spawnMock(file);
      running.push(second);
      expect(readlinkSync(`${file}.lock`)).toBe(
        `thematic-mock:${second.child.pid}:${processToken(second.child.pid!)}:${hostTag()}`,
      );
    },
    CHILD_TIMEOUT,
  );
});

describe("a symbolic link to the --data file", () => {
  it(
    "shares the file's lock: a second server on the link is refused while the first runs",
    async () => {
      const real = join(dir, "real.json");
      const link = join(dir, "link.json");
      const first = await spawnMock(real);
      running.push(first);
      symlinkSync(real, link);
      await expect(spawnMock(link)).rejects.toThrow(
        new RegExp(
          `another process \\(pid ${first.child.pid}\\) is serving this state \\(${real.replace(/[.\\]/g, "\\$&")}\\.lock\\)`,
        ),
      );
      expect(readdirSync(dir).filter((n) => n.startsWith("link.json"))).toEqual(["link.json"]);
    },
    CHILD_TIMEOUT,
  );

  it("writes, compacts and replays through the link: the link stays a link to the real file", () => {
    const sub = join(dir, "compact");
    mkdirSync(join(sub, "store"), { recursive: true });
    const real = join(sub, "store", "state.json");
    const link = join(sub, "link.json");
    symlinkSync(join("store", "state.json"), link); // relative and dangling until the first save
    const open = () =>
      createStore({
        universe: testUniverse,
        persistence: filePersistence(link, { compactMinBytes: 1, log: () => {} }),
        seed: 1,
        extraKeys: [],
      });
    const store = open();
    const long = "n".repeat(statSync(real).size); // a journal line longer than the snapshot: each write compacts
    for (let i = 0; i < 3; i++) store.mutate((d) => void (d.state.strategies[0]!.name = `${long} ${i}`));
    expect(statSync(`${real}.journal`).size).toBe(0); // compacted into the snapshot
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readdirSync(sub).sort()).toEqual(["link.json", "store"]);
    expect(readdirSync(join(sub, "store")).sort()).toEqual(["state.json", "state.json.journal", "state.json.lock"]);
    expect(
      (JSON.parse(readFileSync(real, "utf8")) as { strategies: Array<{ name: string }> }).strategies[0]!.name,
    ).toBe(`${long} 2`);
    expect(open().state.strategies[0]!.name).toBe(`${long} 2`);
  });
});
