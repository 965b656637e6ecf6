import { crc32 } from "node:zlib";
import type { StateOp } from "../../../store/StateOp.ts";

/**
 * One journal line: the entry as JSON, a tab, its CRC-32 as 8 hex digits, a newline:
 * `{"seq":1,"ops":[]}\t69384fa1\n`. JSON.stringify never writes a raw tab, so the last tab
 * splits the line. The checksum tells a damaged acknowledged line (complete, newline included,
 * but bytes changed) from a torn append (no newline): see docs/decisions.md#journal-line-checksums.
 *
 * @example
 * journalLine(1, []).toString() // => '{"seq":1,"ops":[]}\t69384fa1\n'
 */
export function journalLine(seq: number, ops: readonly StateOp[]): Buffer {
  const json = Buffer.from(JSON.stringify({ seq, ops }));
  return Buffer.concat([json, Buffer.from(`\t${checksumHex(json)}\n`)]);
}

/** CRC-32 (zlib's, IEEE polynomial) of `bytes` as 8 lower-case hex digits. @example checksumHex(Buffer.from("")) // => "00000000" */
export function checksumHex(bytes: Uint8Array): string {
  return crc32(bytes).toString(16).padStart(8, "0");
}
