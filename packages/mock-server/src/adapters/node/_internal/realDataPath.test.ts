import * as fs from "node:fs";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { realDataPath } from "./realDataPath.ts";
import type { SyncFs } from "./SyncFs.ts";

const dir = realpathSync(mkdtempSync(join(tmpdir(), "thematic-realpath-")));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const nodeFs = fs as unknown as SyncFs;

describe("realDataPath", () => {
  it("follows links to the file, dangling ones, chains of them, and links of its directories", () => {
    mkdirSync(join(dir, "real"));
    writeFileSync(join(dir, "real", "state.json"), "{}");
    symlinkSync(join(dir, "real", "state.json"), join(dir, "a.json"));
    symlinkSync("a.json", join(dir, "b.json")); // relative, to a link
    symlinkSync(join("real", "later.json"), join(dir, "dangling.json")); // the file it names does not exist yet
    symlinkSync(join(dir, "real"), join(dir, "dirlink"));
    expect(realDataPath(join(dir, "real", "state.json"), nodeFs)).toBe(join(dir, "real", "state.json"));
    expect(realDataPath(join(dir, "a.json"), nodeFs)).toBe(join(dir, "real", "state.json"));
    expect(realDataPath(join(dir, "b.json"), nodeFs)).toBe(join(dir, "real", "state.json"));
    expect(realDataPath(join(dir, "dangling.json"), nodeFs)).toBe(join(dir, "real", "later.json"));
    expect(realDataPath(join(dir, "dirlink", "new.json"), nodeFs)).toBe(join(dir, "real", "new.json"));
    expect(realDataPath(join(dir, "missing", "new.json"), nodeFs)).toBe(join(dir, "missing", "new.json"));
  });

  it("names a path whose links loop", () => {
    symlinkSync(join(dir, "loop2.json"), join(dir, "loop1.json"));
    symlinkSync(join(dir, "loop1.json"), join(dir, "loop2.json"));
    expect(() => realDataPath(join(dir, "loop1.json"), nodeFs)).toThrow(/loop1\.json|ELOOP/);
  });
});
