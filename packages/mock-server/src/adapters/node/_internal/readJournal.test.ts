import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyStateOps, type StateOp } from "../../../store/StateOp.ts";
import { journalLine } from "./journalLine.ts";
import { readJournal } from "./readJournal.ts";

const ops = (seq: number) => [{ op: "set" as const, path: ["idCounter"], value: seq }];
const line = (seq: number) => journalLine(seq, ops(seq)).toString();
/** A line as written before checksums existed. */
const legacy = (seq: number) => `${JSON.stringify({ seq, ops: ops(seq) })}\n`;

describe("readJournal", () => {
  it("reads whole lines and reports their byte length", () => {
    const text = line(1) + line(2);
    const j = readJournal(Buffer.from(text), "j");
    expect(j.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(j).toMatchObject({ validBytes: Buffer.byteLength(text), tornTail: false });
  });

  it("still reads lines written before the checksum existed, mixed with checksummed ones", () => {
    const text = legacy(1) + legacy(2) + line(3);
    expect(readJournal(Buffer.from(text), "j").entries.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it("treats a last line without its newline as torn (never acknowledged)", () => {
    expect(readJournal(Buffer.from(`${line(1)}{"seq":2,"op`), "j")).toMatchObject({
      validBytes: line(1).length,
      tornTail: true,
    });
    expect(readJournal(Buffer.from(line(1) + line(2).slice(0, -2)), "j")).toMatchObject({
      validBytes: line(1).length,
      tornTail: true,
    }); // cut inside the checksum
    expect(
      readJournal(Buffer.from(line(1) + line(2).slice(0, -1).replace('"value":2', '"value":7')), "j"),
    ).toMatchObject({ validBytes: line(1).length, tornTail: true }); // checksum does not match
    expect(readJournal(Buffer.from(line(1) + legacy(2).slice(0, -1)), "j")).toMatchObject({
      validBytes: line(1).length,
      tornTail: true,
    }); // no checksum to vouch for it
    expect(readJournal(Buffer.from(`${line(1)}\u0000\u0000`), "j")).toMatchObject({
      validBytes: line(1).length,
      tornTail: true,
    });
  });

  it("keeps a whole last line whose checksum matches but whose newline is missing, counting the newline to write", () => {
    const text = line(1) + line(2).slice(0, -1);
    const j = readJournal(Buffer.from(text), "j");
    expect(j.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(j).toMatchObject({ validBytes: Buffer.byteLength(text) + 1, tornTail: false, missingNewline: true });
    expect(readJournal(Buffer.from(line(1) + line(2)), "j").missingNewline).toBe(false);
  });

  it("refuses a damaged last line that has its newline (an acknowledged write), naming the line and the byte to cut at", () => {
    const good = line(1);
    const flipped = line(2).replace('"value":2', '"value":7'); // same length, checksum no longer matches
    expect(() => readJournal(Buffer.from(good + flipped), "state.json.journal")).toThrow(
      new RegExp(
        `state\\.json\\.journal line 2 is damaged \\(its checksum does not match its content\\) and is the last line.*acknowledged write.*truncate -s ${good.length} state\\.json\\.journal`,
      ),
    );
    expect(() => readJournal(Buffer.from(`${good}\u0000\u0000\n`), "j")).toThrow(
      /line 2 is damaged \(not valid JSON\) and is the last line/,
    );
    expect(() => readJournal(Buffer.from(`${legacy(1)}{"seq":2,"ops":[{"op":"drop"}]}\n`), "j")).toThrow(
      /line 2 is damaged \(not a journal entry: ops\.0/,
    );
    expect(() => readJournal(Buffer.from(`${good.slice(0, -4)}zz\n`), "j")).toThrow(
      /line 1 is damaged \(its checksum field is not 8 hex digits\)/,
    );
  });

  it("refuses a damaged line followed by others", () => {
    expect(() => readJournal(Buffer.from(`${line(1)}garbage\n${line(3)}`), "state.json.journal")).toThrow(
      /state\.json\.journal line 2 is damaged \(not valid JSON\) and is followed by other lines/,
    );
  });
  // Every op the journal can hold replays at any size: generated sequences of set, delete and
  // splice, with arrays and inserts up to 200,000 items, written as journal lines, read back and
  // replayed, against a reference that never spreads arguments.
  it("replays any sequence of journal ops at any size, through the journal's line format", () => {
    const size = fc.constantFrom(0, 1, 3, 40, 130_000, 200_000);
    const step = fc.record({
      kind: fc.constantFrom("splice", "splice", "set", "delete"),
      target: fc.constantFrom("xs", "big"),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
      size,
    });
    fc.assert(
      fc.property(size, fc.array(step, { minLength: 1, maxLength: 4 }), (initial, steps) => {
        const items = (n: number, tag: number) =>
          Array.from({ length: n }, (_, i) => (i % 1000 === 1 ? { t: tag, i } : i * 10 + tag));
        const start = { xs: items(initial, 0), o: {} as Record<string, unknown> };
        // The reference model, and the concrete ops resolved against it.
        let xs = start.xs.slice() as unknown[];
        let big: unknown[] | undefined;
        const ops: StateOp[] = [];
        steps.forEach((s, k) => {
          const fresh = items(s.size, k + 1);
          if (s.kind === "set") {
            ops.push({ op: "set", path: ["o", "big"], value: fresh });
            big = fresh.slice();
          } else if (s.kind === "delete") {
            ops.push({ op: "delete", path: ["o", "big"] });
            big = undefined;
          } else {
            const onBig = s.target === "big" && big !== undefined;
            const list = onBig ? big! : xs;
            const index = Math.floor(s.at * list.length);
            const remove = Math.floor(s.cut * (list.length - index));
            ops.push({ op: "splice", path: onBig ? ["o", "big"] : ["xs"], index, remove, insert: fresh });
            const next = list.slice(0, index).concat(fresh, list.slice(index + remove));
            if (onBig) big = next;
            else xs = next;
          }
        });
        const journal = Buffer.concat(ops.map((op, i) => journalLine(i + 1, [op])));
        const read = readJournal(journal, "j");
        expect(read.tornTail).toBe(false);
        const replayed = applyStateOps(
          structuredClone(start),
          read.entries.flatMap((e) => e.ops),
        );
        expect(replayed.xs.length).toBe(xs.length);
        expect(replayed.xs).toEqual(xs);
        expect(replayed.o.big).toEqual(big);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
