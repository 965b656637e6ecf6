import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanStaleTempFiles } from "./cleanStaleTempFiles.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("cleanStaleTempFiles", () => {
  it("removes the temporary files of dead pids and old ones, keeps live recent ones, this process's and other files", () => {
    const dir = mkdtempSync(join(tmpdir(), "thematic-clean-"));
    dirs.push(dir);
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    const names = [`s.json.${dead}.tmp`, `s.json.${process.ppid}.tmp`, `s.json.${process.pid}.tmp`, "s.json", "other.json.1.tmp", "s.json.x.tmp"];
    for (const n of names) writeFileSync(join(dir, n), "{");
    const live = `s.json.${process.ppid}.tmp`;
    expect(cleanStaleTempFiles(join(dir, "s.json"))).toEqual([`s.json.${dead}.tmp`]);
    utimesSync(join(dir, live), new Date(0), new Date(0));
    expect(cleanStaleTempFiles(join(dir, "s.json"))).toEqual([live]);
    expect(readdirSync(dir).sort()).toEqual(["other.json.1.tmp", "s.json", `s.json.${process.pid}.tmp`, "s.json.x.tmp"].sort());
  });
});
