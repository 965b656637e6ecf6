import { describe, expect, it } from "vitest";
import { textPdf } from "./textPdf.ts";

describe("textPdf", () => {
  it("writes a PDF whose cross-reference offsets point at their objects", () => {
    const text = new TextDecoder().decode(
      textPdf([
        [{ x: 50, y: 800, size: 12, text: "A (b) \\ é" }],
        [{ x: 50, y: 800, size: 9, bold: true, text: "p2" }],
      ]),
    );
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const entries = text
      .slice(startxref)
      .split("\n")
      .slice(3)
      .filter((l) => / n $/.test(l));
    expect(entries.length).toBe(4 + 2 * 2);
    entries.forEach((line, i) => {
      const offset = Number(line.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    expect(text).toContain("(A \\(b\\) \\\\ ?) Tj");
    expect(text).toContain("/Count 2");
  });
});
