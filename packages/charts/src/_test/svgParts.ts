import { DOMParser } from "linkedom";

/** What a test checks in a rendered chart, read from the SVG's structure (Vega's role classes). */
export interface SvgParts {
  /** The chart's (or tear sheet's) title texts, outermost first. */
  titles: string[];
  subtitles: string[];
  /** Axis titles, in document order. */
  axisTitles: string[];
  /** Axis tick labels per axis (in document order). */
  axisLabels: string[][];
  /** Legend entry labels. */
  legendLabels: string[];
  /** Paths drawn by line marks (one per series). */
  lines: number;
  /** Paths drawn by area marks. */
  areas: number;
  /** Rects of bar marks. */
  bars: number;
  /** Symbols of point marks. */
  points: number;
  /** Texts of text marks (value labels, table cells). */
  markTexts: string[];
  width: number;
  height: number;
}

const texts = (root: Element, selector: string): string[] =>
  Array.from(root.querySelectorAll(selector)).map((e) => e.textContent ?? "");

/**
 * Parses an SVG document as XML and reads its parts. Throws when the markup is not well formed
 * (linkedom's XML parser reports no error, so the root element is checked).
 */
export function svgParts(svg: string): SvgParts {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const root = doc.querySelector("svg") as unknown as Element | null;
  if (root === null || !svg.startsWith("<svg") || !svg.endsWith("</svg>")) throw new Error("not an SVG document");
  return {
    titles: texts(root, ".role-title-text text"),
    subtitles: texts(root, ".role-title-subtitle text"),
    axisTitles: texts(root, ".role-axis-title text"),
    axisLabels: Array.from(root.querySelectorAll(".role-axis"))
      .map((axis: Element) => texts(axis, ".role-axis-label text"))
      .filter((l) => l.length > 0),
    legendLabels: texts(root, ".role-legend-label text"),
    lines: root.querySelectorAll("g.mark-line.role-mark > path").length,
    areas: root.querySelectorAll("g.mark-area.role-mark > path").length,
    bars: root.querySelectorAll("g.mark-rect.role-mark > path").length,
    points: root.querySelectorAll("g.mark-symbol.role-mark > path").length,
    markTexts: texts(root, "g.mark-text.role-mark > text"),
    width: Number(root.getAttribute("width")),
    height: Number(root.getAttribute("height")),
  };
}
