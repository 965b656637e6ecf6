import { dirname } from "node:path";
import type { Persistence } from "../../store/Persistence.ts";
import { applyStateOps, type StateOp } from "../../store/StateOp.ts";
import type { StoreState } from "../../store/StoreState.ts";
import { validateState } from "../../store/validateState.ts";
import { lockStateFile } from "./_internal/lockStateFile.ts";
import { journalLine } from "./_internal/journalLine.ts";
import { readJournal } from "./_internal/readJournal.ts";
import { realDataPath } from "./_internal/realDataPath.ts";
import { storageError } from "./_internal/storageError.ts";
import { syncDirectory } from "./_internal/syncDirectory.ts";
import { nodeFs, type SyncFs } from "./_internal/SyncFs.ts";
import { writeFileAtomically } from "./_internal/writeFileAtomically.ts";
import { writeFully } from "./_internal/writeFully.ts";
import { cleanStaleTempFiles } from "./cleanStaleTempFiles.ts";

/** Options of {@link filePersistence}. */
export interface FilePersistenceOptions {
  /** The file system (tests inject failures); default node:fs. */
  fs?: SyncFs;
  /** Compact when the journal reaches max(this, the snapshot's size), bytes; default 1 MiB. */
  compactMinBytes?: number;
  /** Where to report a compaction that failed (the writes stay durable in the journal); default stderr. */
  log?: (line: string) => void;
}

/**
 * Persistence in a snapshot file plus an append-only journal (see the README, "Persistence"):
 *
 * - `path`: the state as JSON (`StoreState` plus `journalSeq`, the last write it includes),
 *   replaced atomically (temporary file, fsync, rename, fsync of the directory);
 * - `path.journal`: one line per write since (`{"seq":n,"ops":[…]}`, a tab and its CRC-32), appended and fsynced
 *   before the write is acknowledged, so a write costs what it changed, not the state's size.
 *   When the journal outgrows the snapshot (and 1 MiB), the state is compacted into a new
 *   snapshot and the journal emptied.
 *
 * A third file, `path.lock` (naming its process), keeps a second process from serving the same
 * state. `path` is first resolved to its real path (symbolic links followed), so a link to the
 * file shares its lock and journal, and a compaction replaces the file, not the link.
 * Load validates the snapshot and the replayed state with the state schemas and refuses a bad
 * file without touching it; a torn last journal line (no newline: a crash mid-append, never
 * acknowledged) is ignored and cut before the next append, but a complete line that is damaged is
 * refused, and a last line whose checksum matches and that lost only its newline is kept, its
 * newline written before the next append (readJournal). A write
 * that cannot be made durable (disk full, quota, I/O error) throws ApiError 507/503 and leaves
 * both files as they were.
 *
 * @param dataPath the state file (created on first save)
 * @throws Error from `load` naming the file and the rule when the saved state is not valid
 * @example
 * const mock = createMock({ persistence: filePersistence("./mock-state.json") });
 */
export function filePersistence(dataPath: string, options: FilePersistenceOptions = {}): Persistence {
  const fs = options.fs ?? nodeFs;
  const path = realDataPath(dataPath, fs); // every name of the file shares one lock and one journal
  const journalPath = `${path}.journal`;
  const minCompact = options.compactMinBytes ?? 1 << 20;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  let seq = 0; // the last durable write
  let fd: number | null = null; // the journal, open for writing
  let journalBytes = 0; // bytes of whole lines in the journal
  let journalDirty = false; // bytes after journalBytes must be cut before the next append
  let newlineMissing = false; // the last line was read without its newline: write it (at journalBytes - 1) before the next append
  let compactAt = minCompact;
  let snapshotBytes = 0; // size of the snapshot on disk

  const snapshotOf = (state: Readonly<StoreState>, journalSeq: number) =>
    Buffer.from(JSON.stringify({ ...state, journalSeq }));
  const writeSnapshot = (bytes: Buffer) => {
    writeFileAtomically(fs, path, bytes);
    snapshotBytes = bytes.length;
    compactAt = Math.max(minCompact, bytes.length);
  };

  /** Bytes the disk holding the state can still take, or null where that cannot be asked. */
  const freeBytes = (): number | null => {
    try {
      const s = fs.statfsSync(dirname(path));
      return Number(s.bavail) * Number(s.bsize);
    } catch {
      return null;
    }
  };

  /**
   * When appending `lineBytes` would leave less free space than a compaction needs (the next
   * snapshot is at most the current one plus the journal plus this line), makes the write
   * durable by compacting instead: the snapshot of `next` (journalSeq = the write's number)
   * replaces the old one and the journal is emptied, so the journal never eats the space
   * compaction needs (docs/decisions.md#journal-and-a-small-disk). False when there is room
   * to append, or when the snapshot does not fit either (the caller appends then).
   */
  const compactedInstead = (next: Readonly<StoreState>, lineBytes: number): boolean => {
    const free = freeBytes();
    if (free === null || free - lineBytes >= snapshotBytes + journalBytes + lineBytes) return false;
    const bytes = snapshotOf(next, seq + 1);
    if (bytes.length >= free) return false; // cannot fit: keep the journal going while it can
    try {
      writeSnapshot(bytes);
    } catch (error) {
      log(
        `[thematic-mock] compacting ${path} on a nearly full disk failed (${storageError(error, path).message}); appending to the journal instead`,
      );
      return false;
    }
    seq += 1; // durable in the snapshot
    emptyJournal();
    return true;
  };

  const openJournal = (): number => {
    if (fd === null) {
      const created = !fs.existsSync(journalPath);
      fd = fs.openSync(journalPath, created ? "w+" : "r+");
      if (created) syncDirectory(fs, dirname(journalPath));
    }
    if (journalDirty) {
      fs.ftruncateSync(fd, journalBytes);
      fs.fsyncSync(fd);
      journalDirty = false;
    }
    if (newlineMissing) {
      writeFully(fs, fd, Buffer.from("\n"), journalBytes - 1);
      fs.fsyncSync(fd);
      newlineMissing = false;
    }
    return fd;
  };

  /** Empties the journal after a snapshot that includes all of it (a failure only delays it: load skips entries up to journalSeq). */
  const emptyJournal = () => {
    if (fd === null && !fs.existsSync(journalPath)) return;
    try {
      const handle = openJournal();
      fs.ftruncateSync(handle, 0);
      fs.fsyncSync(handle);
      journalBytes = 0;
    } catch (error) {
      journalDirty = true;
      log(
        `[thematic-mock] could not empty ${journalPath} after a snapshot (${String((error as { code?: unknown }).code ?? error)}); it is kept and replayed from journalSeq`,
      );
    }
  };

  return {
    load() {
      if (!fs.existsSync(path)) {
        if (fs.existsSync(journalPath) && fs.statSync(journalPath).size > 0) {
          throw new Error(
            `[thematic-mock] ${journalPath} exists but ${path} does not: the journal cannot be replayed without its state file. Both were left untouched; restore ${path} or move the journal away`,
          );
        }
        lockStateFile(`${path}.lock`, fs);
        return null;
      }
      let parsed: unknown;
      try {
        const text = fs.readFileSync(path, "utf8");
        snapshotBytes = Buffer.byteLength(text);
        compactAt = Math.max(minCompact, snapshotBytes);
        parsed = JSON.parse(text);
      } catch (error) {
        throw new Error(
          `[thematic-mock] ${path} is not valid JSON; it was left untouched: fix it, move it away, or choose another --data file`,
          { cause: error },
        );
      }
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
        throw new Error(
          `[thematic-mock] ${path} is not a thematic-mock state file (not a JSON object); it was left untouched`,
        );
      const { journalSeq = 0, ...rest } = parsed as { journalSeq?: unknown };
      if (!Number.isInteger(journalSeq) || (journalSeq as number) < 0)
        throw new Error(
          `[thematic-mock] ${path} is not a valid thematic-mock state: journalSeq: must be a non-negative integer. It was left untouched`,
        );
      let state = validateState(rest, path);
      seq = journalSeq as number;
      if (fs.existsSync(journalPath)) {
        const journal = readJournal(fs.readFileSync(journalPath), journalPath);
        const pending = journal.entries.filter((e) => e.seq > seq);
        pending.forEach((e, i) => {
          if (e.seq !== seq + 1 + i) {
            throw new Error(
              `[thematic-mock] ${journalPath} does not continue ${path}: expected write ${seq + 1 + i}, found ${e.seq}. Both were left untouched`,
            );
          }
        });
        if (pending.length > 0) {
          const mutable = state; // fresh objects from the schema's parse: ours to change
          const ops: StateOp[] = pending.flatMap((e) => e.ops);
          try {
            applyStateOps(mutable, ops);
          } catch (error) {
            throw new Error(
              `[thematic-mock] ${journalPath} cannot be replayed onto ${path}: ${(error as Error).message}. Both were left untouched`,
              { cause: error },
            );
          }
          state = validateState(mutable, `${path} (with ${pending.length} writes of ${journalPath} replayed)`);
          seq = pending[pending.length - 1]!.seq;
        }
        journalBytes = journal.validBytes;
        journalDirty = journal.tornTail;
        newlineMissing = journal.missingNewline;
      }
      lockStateFile(`${path}.lock`, fs);
      cleanStaleTempFiles(path, fs);
      return state;
    },

    commit(ops, next) {
      const line = journalLine(seq + 1, ops);
      if (compactedInstead(next, line.length)) return;
      let handle: number;
      try {
        handle = openJournal();
      } catch (error) {
        throw storageError(error, journalPath);
      }
      try {
        writeFully(fs, handle, line, journalBytes);
        fs.fsyncSync(handle);
      } catch (error) {
        journalDirty = true; // part of the line may be there: cut it now, or before the next append
        try {
          openJournal();
        } catch {
          // Retried by the next write.
        }
        throw storageError(error, journalPath);
      }
      journalBytes += line.length;
      seq += 1;
      if (journalBytes >= compactAt) {
        try {
          writeSnapshot(snapshotOf(next, seq));
          emptyJournal();
        } catch (error) {
          // The write is durable in the journal; try again after as many bytes more.
          compactAt = journalBytes + Math.max(minCompact, compactAt);
          log(
            `[thematic-mock] compacting ${path} failed (${storageError(error, path).message}); the journal keeps every write`,
          );
        }
      }
    },

    replace(state) {
      try {
        writeSnapshot(snapshotOf(state, seq));
      } catch (error) {
        throw storageError(error, path);
      }
      emptyJournal();
    },
  };
}
