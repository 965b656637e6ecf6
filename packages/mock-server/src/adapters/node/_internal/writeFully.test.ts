import * as fs from "node:fs";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { storageError } from "./storageError.ts";
import type { SyncFs } from "./SyncFs.ts";
import { writeFully } from "./writeFully.ts";

describe("writeFully", () => {
  it("loops over short writes until every byte is written at its place", () => {
    const dir = mkdtempSync(join(tmpdir(), "thematic-write-"));
    try {
      const calls: number[] = [];
      const stingy = {
        ...fs,
        writeSync: ((fd: number, data: Uint8Array, offset: number, length: number, position: number) => {
          calls.push(length);
          return fs.writeSync(fd, data, offset, Math.min(7, length), position);
        }) as unknown as SyncFs["writeSync"],
      } as SyncFs;
      const file = join(dir, "f");
      const fd = fs.openSync(file, "w+");
      writeFully(stingy, fd, Buffer.from("0123456789"), 0);
      writeFully(stingy, fd, Buffer.from("abcdefghijklmnopqrstuvwxyz"), 10);
      fs.closeSync(fd);
      expect(readFileSync(file, "utf8")).toBe("0123456789abcdefghijklmnopqrstuvwxyz");
      expect(calls).toEqual([10, 3, 26, 19, 12, 5]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a write that makes no progress is an error, not an endless loop", () => {
    const stuck = { ...fs, writeSync: (() => 0) as unknown as SyncFs["writeSync"] } as SyncFs;
    expect(() => writeFully(stuck, 0, Buffer.from("x"), 0)).toThrow(/no progress/);
  });
});

describe("storageError", () => {
  it("is 507 for a full disk or quota, 503 otherwise, and says nothing was changed", () => {
    const e = (code: string) => storageError(Object.assign(new Error(code), { code }), "/d/state.json.journal");
    expect([e("ENOSPC").status, e("EDQUOT").status, e("EFBIG").status, e("EIO").status, e("EROFS").status]).toEqual([
      507, 507, 507, 503, 503,
    ]);
    expect(e("EDQUOT").message).toBe(
      "the state could not be saved: the disk is full (EDQUOT writing /d/state.json.journal); nothing was changed (the previous state is kept); free some space and retry",
    );
    expect(e("EIO").message).toMatch(/^the state could not be saved: I\/O error \(EIO writing .*nothing was changed/);
  });
});
