// A small disk: the journal must not eat the space compaction needs. On a
// 4 MiB disk with a 1.2 MB state, writes kept failing with 507 after space was freed: a failed
// compaction was retried only after as many journal bytes again, by which time the journal had
// taken the room the new snapshot needed. Now a write that would leave less room than a
// compaction needs compacts instead. And a start on a full disk names the file it could not
// write and leaves no empty lock. The disk is simulated (smallDisk: the directory's files count
// against a capacity), so this runs without mounting a tmpfs; where a tmpfs can be mounted (root
// on Linux), the same story runs again on a real 4 MiB disk with the CLI as a child process.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadUniverse } from "@thematic/fixtures/load";
import { afterAll, describe, expect, it } from "vitest";
import { withManyStrategies } from "../../packages/mock-server/src/_test/manyStrategies.ts";
import { smallDisk } from "../../packages/mock-server/src/_test/smallDisk.ts";
import { testUniverse } from "../../packages/mock-server/src/_test/testUniverse.ts";
import { filePersistence } from "../../packages/mock-server/src/adapters/node/filePersistence.ts";
import { ApiError } from "../../packages/mock-server/src/errors/ApiError.ts";
import { initialState } from "../../packages/mock-server/src/store/initialState.ts";
import { createStore, type Store } from "../../packages/mock-server/src/store/Store.ts";
import { createMock } from "../../packages/mock-server/src/app/createApp.ts";
import { type MockChild, request, spawnMock } from "./_support/concurrencySupport.ts";
import { killAll } from "./_support/killAll.ts";
import { fillDisk, mountTmpfs, unmountTmpfs } from "./_support/tmpfs.ts";

const MiB = 1 << 20;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "thematic-small-disk-"));
  dirs.push(dir);
  return dir;
};
const open = (file: string, fs: ReturnType<typeof smallDisk>) =>
  createStore({
    universe: testUniverse,
    persistence: filePersistence(file, { fs, log: () => {} }),
    seed: 1,
    extraKeys: [],
  });
/** The status of a write: 200, or the ApiError's (507 when the disk is full). */
const write = (store: Store, name: string): number => {
  try {
    store.mutate((d) => void (d.state.strategies[0]!.name = name));
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
};

describe("a 4 MiB disk with a 1.2 MB state", () => {
  it("keeps room for compaction: 30 writes of 60 KB with 1.5 MB free all succeed, and all succeed again once a full disk is freed", () => {
    const dir = newDir();
    const file = join(dir, "state.json");
    writeFileSync(
      file,
      JSON.stringify({ ...withManyStrategies(initialState(testUniverse, 1, []), 4000), journalSeq: 0 }),
    );
    const snapshot = statSync(file).size;
    expect(snapshot).toBeGreaterThan(1.1e6);
    expect(snapshot).toBeLessThan(1.4e6);
    const disk = smallDisk(dir, 4 * MiB);
    writeFileSync(join(dir, "filler"), Buffer.alloc(4 * MiB - snapshot - 1_500_000)); // 1.5 MB free
    const store = open(file, disk);
    const big = (i: number) => `${"w".repeat(60_000)} ${i}`;
    const first = Array.from({ length: 30 }, (_, i) => write(store, big(i)));
    expect(first).toEqual(Array(30).fill(200));
    expect(disk.used()).toBeLessThanOrEqual(disk.capacity);

    writeFileSync(join(dir, "filler"), Buffer.alloc(4 * MiB - disk.used() + statSync(join(dir, "filler")).size)); // the disk is full
    expect(write(store, "refused")).toBe(507);
    expect(store.state.strategies[0]!.name).toBe(big(29));
    rmSync(join(dir, "filler")); // space freed
    const after = Array.from({ length: 30 }, (_, i) => write(store, big(100 + i)));
    expect(after).toEqual(Array(30).fill(200));
    expect(open(file, disk).state.strategies[0]!.name).toBe(big(129));
  }, 120_000);
});

describe("a start on a full disk", () => {
  it("with no state yet: the error names the state file, and the lock is never an empty file", () => {
    const dir = newDir();
    const file = join(dir, "state.json");
    const disk = smallDisk(dir, 0);
    expect(() => open(file, disk)).toThrow(
      new RegExp(`the disk is full \\(ENOSPC writing ${file.replace(/[.\\]/g, "\\$&")}\\)`),
    );
    expect(lstatSync(`${file}.lock`).isSymbolicLink()).toBe(true); // held by this process, naming it
    expect(readlinkSync(`${file}.lock`)).toMatch(new RegExp(`^thematic-mock:${process.pid}:`));
  });

  it("with a state: starts and serves it, writes answer 507, and work once space is freed", () => {
    const dir = newDir();
    const file = join(dir, "state.json");
    const disk = smallDisk(dir, 64 * MiB);
    expect(write(open(file, disk), "kept")).toBe(200);
    disk.capacity = disk.used(); // 0 bytes free
    const store = open(file, disk);
    expect(store.state.strategies[0]!.name).toBe("kept");
    expect(write(store, "refused")).toBe(507);
    disk.capacity = 64 * MiB;
    expect(write(store, "later")).toBe(200);
    expect(open(file, disk).state.strategies[0]!.name).toBe("later");
  });
});

const tmpfs = mountTmpfs("4m");
if ("reason" in tmpfs) console.log(`[smallDisk] skipping the tmpfs case: ${tmpfs.reason}`);

describe.skipIf("reason" in tmpfs)("a real 4 MiB tmpfs, the CLI as a child process", () => {
  const disk = "dir" in tmpfs ? tmpfs.dir : "";
  const running: MockChild[] = [];
  afterAll(async () => {
    await killAll(running);
    unmountTmpfs(disk);
  });
  const free = () => {
    const s = statfsSync(disk);
    return s.bavail * s.bsize;
  };

  it("writes of 60 KB with 1.5 MB free all succeed; after a full disk is freed too; a start with 0 bytes free names its file and leaves no lock", async () => {
    const dataDir = join(disk, "data");
    mkdirSync(dataDir);
    const file = join(dataDir, "state.json");
    const fixtures = createMock({ universe: loadUniverse(), quiet: true }).ctx.store.state;
    const base = JSON.stringify(fixtures).length;
    const perStrategy = JSON.stringify(withManyStrategies(fixtures, 1).strategies.at(-1)).length + 1;
    writeFileSync(
      file,
      JSON.stringify({
        ...withManyStrategies(fixtures, Math.max(0, Math.round((1.2e6 - base) / perStrategy))),
        journalSeq: 0,
      }),
    );
    expect(statSync(file).size).toBeGreaterThan(1.1e6);
    const mock = await spawnMock(file);
    running.push(mock);
    const premade = await request<Array<{ id: string }>>(mock.url, mock.key, "GET", "/v1/premade-strategies");
    const companies = await request<Array<{ id: string }>>(
      mock.url,
      mock.key,
      "GET",
      `/v1/premade-strategies/${premade.body[0]!.id}/companies`,
    );
    const holdings = [{ org_id: companies.body[0]!.id, weight: 1 }];
    const created = await request<{ id: string }>(mock.url, mock.key, "POST", "/v1/portfolios", {
      name: "big",
      holdings,
    });
    expect(created.status).toBe(201);
    const put = async (i: number) =>
      (
        await request(mock.url, mock.key, "PUT", `/v1/portfolios/${created.body.id}`, {
          name: "big",
          holdings,
          metadata: { notes: `${"n".repeat(60_000)} ${i}` },
        })
      ).status;
    const statuses = async (from: number) => {
      const out: number[] = [];
      for (let i = from; i < from + 30; i++) out.push(await put(i));
      return out;
    };

    fillDisk(join(disk, "filler"), 1_500_000, free); // 1.5 MB left
    expect(await statuses(0)).toEqual(Array(30).fill(200));
    rmSync(join(disk, "filler"));
    fillDisk(join(disk, "filler")); // full
    expect(await put(99)).toBe(507);
    rmSync(join(disk, "filler")); // freed
    expect(await statuses(100)).toEqual(Array(30).fill(200));

    mock.child.kill("SIGKILL");
    await mock.exited;
    fillDisk(join(disk, "filler")); // 0 bytes free
    const fresh = join(dataDir, "fresh.json");
    await expect(spawnMock(fresh)).rejects.toThrow(
      new RegExp(`exited early \\(1\\): thematic-mock: .*ENOSPC writing ${fresh.replace(/[.\\]/g, "\\$&")}\\b`),
    );
    expect(readdirSync(dataDir).filter((n) => n.startsWith("fresh.json"))).toEqual([]); // no lock, no temporary file left
    const again = await spawnMock(file); // an existing state starts on the full disk (and reads work)
    running.push(again);
    expect((await request(again.url, again.key, "GET", `/v1/portfolios/${created.body.id}`)).status).toBe(200);
    expect(existsSync(join(disk, "filler"))).toBe(true);
  }, 180_000);
});
