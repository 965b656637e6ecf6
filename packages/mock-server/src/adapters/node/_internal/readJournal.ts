import { z } from "zod";
import type { StateOp } from "../../../store/StateOp.ts";
import { checksumHex } from "./journalLine.ts";

/** One line of the journal: the ops of write number `seq`. */
export interface JournalEntry {
  seq: number;
  ops: StateOp[];
}

const PathSchema = z.array(z.union([z.string(), z.number().int().nonnegative()]));
const EntrySchema = z.strictObject({
  seq: z.number().int().positive(),
  ops: z.array(
    z.discriminatedUnion("op", [
      z.strictObject({ op: z.literal("set"), path: PathSchema.min(1), value: z.unknown() }),
      z.strictObject({ op: z.literal("delete"), path: PathSchema.min(1) }),
      z.strictObject({
        op: z.literal("splice"),
        path: PathSchema,
        index: z.number().int().nonnegative(),
        remove: z.number().int().nonnegative(),
        insert: z.array(z.unknown()),
      }),
    ]),
  ),
});

/** What {@link readJournal} found. */
export interface JournalContents {
  entries: JournalEntry[];
  /** Bytes of whole, valid lines; anything after them is a torn last line (a crash mid-append). */
  validBytes: number;
  /** True when bytes after `validBytes` must be cut before appending. */
  tornTail: boolean;
  /**
   * True when the last line is whole and its checksum matches but its newline is missing (the
   * crash came between the line and its last byte): the line is read, `validBytes` counts the
   * newline, and the caller writes that newline at `validBytes - 1` before appending.
   */
  missingNewline: boolean;
}

/**
 * Parses a journal: one entry per line (see `journalLine`: JSON, a tab, its CRC-32; lines written
 * before the checksum existed are JSON alone and are still read). A last line WITHOUT its newline
 * is an append that never completed (the newline is its last byte, written and fsynced before the
 * write is acknowledged): it is reported as a torn tail and ignored, unless it is whole, with a
 * checksum that matches its content: then only its newline was lost (a crash between the line and
 * its last byte, or a copy or an editor that dropped a file's final newline), so it is read
 * (`missingNewline`) rather than dropped with what may be an acknowledged write. A line that HAS its newline
 * was acknowledged: if its checksum or its content is wrong, the journal is damaged and refused,
 * last line or not, with the byte offset to cut at should the user accept losing it
 * (docs/decisions.md#journal-line-checksums).
 *
 * @param file the journal's path, for messages
 * @throws Error naming the file, the line and the offset when a complete line is damaged
 * @example
 * readJournal(Buffer.from('{"seq":1,"ops":[]}\n{"se'), "j").tornTail // => true
 * readJournal(Buffer.from('{"seq":1,"ops":[]}\t69384fa1'), "j").missingNewline // => true
 */
export function readJournal(data: Uint8Array, file: string): JournalContents {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const entries: JournalEntry[] = [];
  let start = 0;
  let line = 0;
  while (start < buffer.length) {
    const end = buffer.indexOf(0x0a, start);
    line += 1;
    if (end < 0) {
      // No newline: an append that did not complete, unless the line is whole and checksummed.
      const tail = buffer.subarray(start);
      const whole = hasChecksum(tail) && parseLine(tail, entries) === null;
      return whole
        ? { entries, validBytes: buffer.length + 1, tornTail: false, missingNewline: true }
        : { entries, validBytes: start, tornTail: true, missingNewline: false };
    }
    const problem = parseLine(buffer.subarray(start, end), entries);
    if (problem !== null) {
      const where = end === buffer.length - 1 ? "is the last line" : "is followed by other lines";
      throw new Error(
        `[thematic-mock] ${file} line ${line} is damaged (${problem}) and ${where}. It is complete with its newline, so it holds an acknowledged write: it is not dropped, and nothing was changed. ` +
          `Restore a backup, or accept losing this write and every later one by cutting the journal before it (bytes ${start}–${end}): truncate -s ${start} ${file}`,
      );
    }
    start = end + 1;
  }
  return { entries, validBytes: start, tornTail: false, missingNewline: false };
}

/** True when `bytes` end in a tab and 8 hex digits (a checksum, not a cut inside one). */
function hasChecksum(bytes: Buffer): boolean {
  return (
    bytes.length > 9 &&
    bytes[bytes.length - 9] === 0x09 &&
    /^[0-9a-f]{8}$/.test(bytes.toString("latin1", bytes.length - 8))
  );
}

/** Parses one line (without its newline) into `entries`; returns what is wrong with it, or null. */
function parseLine(bytes: Buffer, entries: JournalEntry[]): string | null {
  const tab = bytes.lastIndexOf(0x09);
  let json = bytes;
  if (tab >= 0) {
    const stored = bytes.toString("latin1", tab + 1);
    json = bytes.subarray(0, tab);
    if (!/^[0-9a-f]{8}$/.test(stored)) return "its checksum field is not 8 hex digits";
    if (checksumHex(json) !== stored) return "its checksum does not match its content";
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString("utf8"));
  } catch {
    return "not valid JSON";
  }
  const result = EntrySchema.safeParse(parsed);
  if (!result.success)
    return `not a journal entry: ${result.error.issues[0]?.path.join(".") || "(root)"}: ${result.error.issues[0]?.message ?? "invalid"}`;
  entries.push(result.data as JournalEntry);
  return null;
}
