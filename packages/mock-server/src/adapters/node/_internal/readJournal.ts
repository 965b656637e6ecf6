import { z } from "zod";
import type { StateOp } from "../../../store/StateOp.ts";

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
      z.strictObject({ op: z.literal("splice"), path: PathSchema, index: z.number().int().nonnegative(), remove: z.number().int().nonnegative(), insert: z.array(z.unknown()) }),
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
}

/**
 * Parses a journal: one JSON entry per line, `\n`-terminated. A last line that is incomplete or
 * unreadable is a write that was never acknowledged (the process died before its fsync
 * returned): it is reported as a torn tail and ignored. A damaged line FOLLOWED by others is
 * corruption and is refused.
 *
 * @param file the journal's path, for messages
 * @throws Error naming the file and the line when a line before the last is damaged
 * @example
 * readJournal(Buffer.from('{"seq":1,"ops":[]}\n{"se'), "j").tornTail // => true
 */
export function readJournal(data: Uint8Array, file: string): JournalContents {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const entries: JournalEntry[] = [];
  let start = 0;
  let line = 0;
  while (start < buffer.length) {
    const end = buffer.indexOf(0x0a, start);
    line += 1;
    const isLast = end < 0 || end === buffer.length - 1;
    if (end < 0) return { entries, validBytes: start, tornTail: true }; // no newline: torn
    const entry = parseEntry(buffer.toString("utf8", start, end));
    if (entry === null) {
      if (isLast) return { entries, validBytes: start, tornTail: true };
      throw new Error(`[thematic-mock] ${file} line ${line} is damaged and followed by other lines; the journal cannot be replayed. It was left untouched; move it away (losing the writes it holds) or restore a backup`);
    }
    entries.push(entry);
    start = end + 1;
  }
  return { entries, validBytes: start, tornTail: false };
}

function parseEntry(text: string): JournalEntry | null {
  try {
    const result = EntrySchema.safeParse(JSON.parse(text));
    return result.success ? (result.data as JournalEntry) : null;
  } catch {
    return null;
  }
}
