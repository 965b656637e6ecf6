/** One line of a text page: position in points from the bottom-left corner, font size, bold or not. */
export interface PdfLine {
  x: number;
  y: number;
  size: number;
  bold?: boolean | undefined;
  text: string;
}

/** A4 portrait, points. */
export const PAGE_WIDTH = 595;
export const PAGE_HEIGHT = 842;

/**
 * A minimal, valid PDF 1.4 document of text pages (Helvetica and Helvetica-Bold, WinAnsi): one
 * content stream per page, a correct cross-reference table. Characters outside printable ASCII
 * are replaced by "?" (the standard fonts need no embedding then).
 *
 * @example
 * new TextDecoder().decode(textPdf([[{ x: 50, y: 800, size: 12, text: "Hi" }]]).slice(0, 8)) // => "%PDF-1.4"
 */
export function textPdf(pages: readonly (readonly PdfLine[])[]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  const firstPage = 5;
  const kids = pages.map((_, i) => `${firstPage + 2 * i} 0 R`).join(" ");
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  pages.forEach((lines, i) => {
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${firstPage + 2 * i + 1} 0 R >>`,
    );
    const stream = lines
      .map((l) => `BT /${l.bold === true ? "F2" : "F1"} ${l.size} Tf ${l.x} ${l.y} Td (${escapePdfText(l.text)}) Tj ET`)
      .join("\n");
    add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/** Printable ASCII only, PDF string escapes for \, ( and ). */
function escapePdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, "?").replace(/[\\()]/g, (c) => `\\${c}`);
}
