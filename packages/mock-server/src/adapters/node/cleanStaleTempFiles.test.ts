import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanStaleTempFiles } from "./cleanStaleTempFiles.ts";
import { untilExecs } from "../../_test/untilExecs.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("cleanStaleTempFiles", () => {
  it("removes the temporary files of dead pids and old ones, keeps live recent ones, this process's and other files", () => {
    const dir = mkdtempSync(join(tmpdir(), "thematic-clean-"));
    dirs.push(dir);
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    const names = [
      `s.json.${dead}.tmp`,
      `s.json.${process.ppid}.tmp`,
      `s.json.${process.pid}.tmp`,
      "s.json",
      "other.json.1.tmp",
      "s.json.x.tmp",
    ];
    for (const n of names) writeFileSync(join(dir, n), "{");
    const live = `s.json.${process.ppid}.tmp`;
    expect(cleanStaleTempFiles(join(dir, "s.json"))).toEqual([`s.json.${dead}.tmp`]);
    utimesSync(join(dir, live), new Date(0), new Date(0));
    expect(cleanStaleTempFiles(join(dir, "s.json"))).toEqual([live]);
    expect(readdirSync(dir).sort()).toEqual(
      ["other.json.1.tmp", "s.json", `s.json.${process.pid}.tmp`, "s.json.x.tmp"].sort(),
    );
  });

  it.skipIf(process.platform !== "linux")(
    "removes the temporary file of a zombie (killed, not reaped by its parent)",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "thematic-clean-"));
      dirs.push(dir);
      const sh = spawn("sh", ["-c", "sleep 600 & echo $!; exec sleep 600"], { stdio: ["ignore", "pipe", "ignore"] }); // never reaps its child
      const pid = await new Promise<number>((resolve) =>
        sh.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
      );
      try {
        // Killed before the shell exec'd, the child would be reaped by the shell and vanish.
        await untilExecs(sh.pid!, "sleep");
        process.kill(pid, "SIGKILL");
        const state = () => {
          const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
          return stat[stat.lastIndexOf(")") + 2];
        };
        while (state() !== "Z") await new Promise((r) => setTimeout(r, 20));
        writeFileSync(join(dir, `s.json.${pid}.tmp`), "{");
        expect(cleanStaleTempFiles(join(dir, "s.json"))).toEqual([`s.json.${pid}.tmp`]);
      } finally {
        sh.kill("SIGKILL");
      }
    },
  );
});
