import { execFileSync, spawn, spawnSync } from "node:child_process";
import type * as fs from "node:fs";
import * as nodeFs from "node:fs";
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { lockStateFile } from "./lockStateFile.ts";
import { hostTag, processToken } from "./processIdentity.ts";
import type { SyncFs } from "./SyncFs.ts";
import { untilExecs } from "../../../_test/untilExecs.ts";

const dirs: string[] = [];
const children: number[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  for (const pid of children.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone.
    }
  }
});
const lockIn = () => {
  const dir = mkdtempSync(join(tmpdir(), "thematic-lock-"));
  dirs.push(dir);
  return join(dir, "state.json.lock");
};
const lockOf = (pid: number, token: string) => `thematic-mock:${pid}:${token}:${hostTag()}`;
const linux = process.platform === "linux";
const procState = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return null;
  }
};

/** A process whose parent never reaps it (as under an init that does not): `sh` starts `sleep` in the background, then becomes `sleep` itself. */
async function unreapedChild(): Promise<{ pid: number; parent: number }> {
  const sh = spawn("sh", ["-c", "sleep 600 & echo $!; exec sleep 600"], { stdio: ["ignore", "pipe", "ignore"] });
  children.push(sh.pid!);
  const pid = await new Promise<number>((resolve) =>
    sh.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  children.push(pid);
  // Until the shell has exec'd, it would reap a killed child itself.
  await untilExecs(sh.pid!, "sleep");
  return { pid, parent: sh.pid! };
}

describe("lockStateFile", () => {
  it("claims a free lock as a link naming this process (pid, start token, host), and accepts claiming it again", () => {
    const lock = lockIn();
    lockStateFile(lock);
    lockStateFile(lock);
    expect(lstatSync(lock).isSymbolicLink()).toBe(true);
    expect(readlinkSync(lock)).toBe(lockOf(process.pid, processToken(process.pid)));
    if (linux) expect(processToken(process.pid)).toMatch(/^\d+@[0-9a-f]{8}$/);
  });

  it("refuses a lock held by another running process, naming it", () => {
    const lock = lockIn();
    symlinkSync(lockOf(process.ppid, processToken(process.ppid)), lock);
    expect(() => lockStateFile(lock)).toThrow(
      new RegExp(`another process \\(pid ${process.ppid}\\) is serving this state`),
    );
    expect(readlinkSync(lock)).toBe(lockOf(process.ppid, processToken(process.ppid)));
  });

  it("takes over the lock of a process that is gone (killed), in the current and the older format", () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    const lock = lockIn();
    symlinkSync(lockOf(dead, "123@abcdef01"), lock);
    lockStateFile(lock);
    expect(readlinkSync(lock)).toBe(lockOf(process.pid, processToken(process.pid)));
    const old = lockIn();
    writeFileSync(old, `${dead}\n`); // a pid file, as older versions wrote
    lockStateFile(old);
    expect(readlinkSync(old)).toBe(lockOf(process.pid, processToken(process.pid)));
  });

  it.skipIf(!linux)("takes over the lock of a zombie: killed, not reaped by its parent", async () => {
    const { pid } = await unreapedChild();
    const token = processToken(pid);
    process.kill(pid, "SIGKILL");
    while (procState(pid) !== "Z") await new Promise((r) => setTimeout(r, 20)); // the kill has landed
    expect(existsSync(`/proc/${pid}`)).toBe(true); // still in the process table: kill(pid, 0) succeeds
    for (const content of [lockOf(pid, token), `${pid}\n`]) {
      const lock = lockIn();
      if (content.endsWith("\n")) writeFileSync(lock, content);
      else symlinkSync(content, lock);
      lockStateFile(lock);
      expect(readlinkSync(lock)).toBe(lockOf(process.pid, processToken(process.pid)));
    }
  });

  it.skipIf(!linux)("takes over a lock whose pid now belongs to another process (another start time)", async () => {
    const { pid } = await unreapedChild(); // alive, unrelated to any lock
    const lock = lockIn();
    const [ticks, boot] = processToken(pid).split("@");
    symlinkSync(lockOf(pid, `${Number(ticks) - 1}@${boot}`), lock); // the pid's earlier owner
    lockStateFile(lock);
    expect(readlinkSync(lock)).toBe(lockOf(process.pid, processToken(process.pid)));
  });

  it("refuses, naming the older format, a bare-pid lock whose pid runs (it cannot be checked further)", () => {
    const lock = lockIn();
    writeFileSync(lock, `${process.ppid}\n`);
    expect(() => lockStateFile(lock)).toThrow(/pid \d+\) is serving this state .*written by an older version/);
  });

  it("is released when its process exits: as a link, and as a file where links are refused", () => {
    const self = fileURLToPath(new URL("./lockStateFile.ts", import.meta.url));
    for (const links of [true, false]) {
      const lock = lockIn();
      const script = [
        `import * as fs from "node:fs";`,
        `import { lockStateFile } from ${JSON.stringify(self)};`,
        `const layer = ${links ? "fs" : `{ ...fs, symlinkSync: () => { throw Object.assign(new Error("EPERM"), { code: "EPERM" }); } }`};`,
        `lockStateFile(${JSON.stringify(lock)}, layer);`,
        `console.log(fs.existsSync(${JSON.stringify(lock)}) || fs.lstatSync(${JSON.stringify(lock)}).isSymbolicLink());`,
      ].join("\n");
      const held = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        encoding: "utf8",
      });
      expect(held.trim()).toBe("true"); // it was there while the process ran
      expect(() => lstatSync(lock)).toThrow(/ENOENT/); // and is gone after its exit
    }
  });

  it("two servers taking over one stale lock at once: the slower one does not remove the faster one's fresh lock", () => {
    const lock = lockIn();
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    symlinkSync(lockOf(dead, "1@00000000"), lock);
    const faster = lockOf(process.ppid, processToken(process.ppid)); // a live process
    let raced = false;
    const racing: SyncFs = {
      ...(nodeFs as unknown as SyncFs),
      renameSync: (from: fs.PathLike, to: fs.PathLike) => {
        if (!raced) {
          // Between our read of the stale lock and our move of it, the other server took it over.
          raced = true;
          nodeFs.unlinkSync(lock);
          symlinkSync(faster, lock);
        }
        nodeFs.renameSync(from, to);
      },
    };
    expect(() => lockStateFile(lock, racing)).toThrow(
      new RegExp(`another process \\(pid ${process.ppid}\\) is serving this state`),
    );
    expect(raced).toBe(true);
    expect(readlinkSync(lock)).toBe(faster); // put back
    expect(nodeFs.readdirSync(join(lock, "..")).filter((n) => n.includes(".stale"))).toEqual([]);
  });

  it("names the lock file and the cause when its directory does not exist", () => {
    const lock = join(lockIn(), "..", "missing", "state.json.lock");
    expect(() => lockStateFile(lock)).toThrow(
      /could not create the lock file .*missing\/state\.json\.lock: its directory does not exist \(ENOENT\)/,
    );
  });

  it("on a full disk: an error naming the lock file, and no empty lock left (without symbolic links too)", () => {
    const full = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    const noLinks: SyncFs = {
      ...(nodeFs as unknown as SyncFs),
      symlinkSync: () => {
        throw Object.assign(new Error("EPERM"), { code: "EPERM" });
      },
      writeSync: () => {
        throw full;
      },
    };
    const lock = lockIn();
    expect(() => lockStateFile(lock, noLinks)).toThrow(
      new RegExp(`could not create the lock file ${lock.replace(/[.\\]/g, "\\$&")}: the disk is full \\(ENOSPC\\)`),
    );
    expect(existsSync(lock)).toBe(false);
    const fullLinks: SyncFs = {
      ...(nodeFs as unknown as SyncFs),
      symlinkSync: () => {
        throw full;
      },
    };
    expect(() => lockStateFile(lock, fullLinks)).toThrow(/could not create the lock file .*the disk is full/);
    lockStateFile(lock, { ...(nodeFs as unknown as SyncFs), symlinkSync: noLinks.symlinkSync }); // a plain file where links are refused
    expect(readFileSync(lock, "utf8")).toBe(`${lockOf(process.pid, processToken(process.pid))}\n`);
  });
});
