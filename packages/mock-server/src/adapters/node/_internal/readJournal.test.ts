import { describe, expect, it } from "vitest";
import { readJournal } from "./readJournal.ts";

const line = (seq: number) => `${JSON.stringify({ seq, ops: [{ op: "set", path: ["idCounter"], value: seq }] })}\n`;

describe("readJournal", () => {
  it("reads whole lines and reports their byte length", () => {
    const text = line(1) + line(2);
    const j = readJournal(Buffer.from(text), "j");
    expect(j.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(j).toMatchObject({ validBytes: Buffer.byteLength(text), tornTail: false });
  });

  it("treats an unterminated or unreadable last line as torn", () => {
    expect(readJournal(Buffer.from(line(1) + '{"seq":2,"op'), "j")).toMatchObject({ validBytes: line(1).length, tornTail: true });
    expect(readJournal(Buffer.from(`${line(1)}\u0000\u0000\n`), "j")).toMatchObject({ validBytes: line(1).length, tornTail: true });
    expect(readJournal(Buffer.from(`${line(1)}{"seq":2,"ops":[{"op":"drop"}]}\n`), "j").tornTail).toBe(true);
  });

  it("refuses a damaged line followed by others", () => {
    expect(() => readJournal(Buffer.from(`${line(1)}garbage\n${line(3)}`), "state.json.journal")).toThrow(/state\.json\.journal line 2 is damaged/);
  });
});
