import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockStateFile } from "./lockStateFile.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const lockIn = () => {
  const dir = mkdtempSync(join(tmpdir(), "thematic-lock-"));
  dirs.push(dir);
  return join(dir, "state.json.lock");
};

describe("lockStateFile", () => {
  it("claims a free lock with this pid, and accepts claiming it again", () => {
    const lock = lockIn();
    lockStateFile(lock);
    lockStateFile(lock);
    expect(readFileSync(lock, "utf8")).toBe(`${process.pid}\n`);
  });

  it("refuses a lock held by another running process, naming it", () => {
    const lock = lockIn();
    writeFileSync(lock, `${process.ppid}\n`);
    expect(() => lockStateFile(lock)).toThrow(new RegExp(`another process \\(pid ${process.ppid}\\) is serving this state`));
    expect(readFileSync(lock, "utf8")).toBe(`${process.ppid}\n`);
  });

  it("takes over the lock of a process that is gone (killed)", () => {
    const lock = lockIn();
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    writeFileSync(lock, `${dead}\n`);
    lockStateFile(lock);
    expect(readFileSync(lock, "utf8")).toBe(`${process.pid}\n`);
  });
});
