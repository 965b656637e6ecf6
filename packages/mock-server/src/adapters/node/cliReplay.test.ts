import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scaled } from "../../../../../test/_support/timeScale.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "thematic-replay-start-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs `thematic-mock --replay <dir>` from the TypeScript source and resolves with how it ended:
 * its exit code and standard error, or `hung` when it neither listened nor exited within `ms`
 * (then it is killed).
 */
function startWithReplay(ms: number): Promise<{ code: number | null; stderr: string } | "hung"> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--conditions=@thematic/source",
      join(import.meta.dirname, "cli.ts"),
      "--port",
      "0",
      "--quiet",
      "--replay",
      dir,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve("hung");
    }, ms);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("thematic-mock --replay at start", () => {
  it.skipIf(process.platform === "win32")(
    "refuses a FIFO among the recordings by name, without waiting on it",
    async () => {
      const fifo = join(dir, "GET_v1_health.json");
      execFileSync("mkfifo", [fifo]);
      const ended = await startWithReplay(scaled(60_000));
      expect(ended).not.toBe("hung");
      expect(ended).toEqual({
        code: 1,
        stderr: `thematic-mock: --replay: ${fifo}: a FIFO (named pipe), not a regular file: move it out of the folder\n`,
      });
    },
    scaled(90_000),
  );

  it(
    "names the recording that is not JSON",
    async () => {
      const broken = join(dir, "GET_v1_strategies.json");
      writeFileSync(broken, '{"key": "k", "response": ');
      const ended = await startWithReplay(scaled(60_000));
      expect(ended).toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`thematic-mock: --replay: ${broken}: not JSON (`),
      });
    },
    scaled(90_000),
  );
});
