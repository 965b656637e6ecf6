import type { CompanyOut } from "../../schemas/company.ts";
import { type PdfLine, textPdf } from "./_internal/textPdf.ts";

/** What a factsheet shows: the strategy, the run, its companies (conviction ranked). */
export interface FactsheetFacts {
  name: string;
  description: string;
  asOfDate: string;
  versionId: string;
  companies: readonly CompanyOut[];
}

/** Holdings listed on the factsheet. */
export const FACTSHEET_HOLDINGS = 30;

/**
 * The factsheet PDF of one run (one A4 page): name, as-of date and version, the objective, the
 * run's top {@link FACTSHEET_HOLDINGS} holdings by conviction (symbol, name, sector, conviction,
 * linguistic beta, market buzz), the sector mix of all holdings, and a note that the data is
 * synthetic. Deterministic: the same facts give the same bytes.
 *
 * @example
 * renderFactsheetPdf(facts).length > 1000 // => true
 */
export function renderFactsheetPdf(facts: FactsheetFacts): Uint8Array {
  const lines: PdfLine[] = [];
  let y = 800;
  const put = (text: string, size = 9, bold = false, x = 50) => {
    lines.push({ x, y, size, bold, text });
    y -= size + 4;
  };
  put(facts.name, 18, true);
  put(`Factsheet as of ${facts.asOfDate} - version ${facts.versionId}`, 9);
  y -= 6;
  put("Objective", 11, true);
  for (const line of wrap(facts.description, 100)) put(line, 9);
  y -= 6;
  put(
    `Top holdings by conviction (${Math.min(FACTSHEET_HOLDINGS, facts.companies.length)} of ${facts.companies.length})`,
    11,
    true,
  );
  const putRow = (cells: readonly string[], bold: boolean) => {
    cells.forEach((text, i) => lines.push({ x: COLUMNS[i] ?? 50, y, size: 8, bold, text }));
    y -= 12;
  };
  putRow(["#", "Symbol", "Company", "Sector", "Conviction", "Ling. beta", "Buzz"], true);
  facts.companies
    .slice(0, FACTSHEET_HOLDINGS)
    .forEach((c, i) =>
      putRow(
        [
          String(i + 1),
          c.symbol,
          cut(c.name, 34),
          cut(c.sector ?? "", 24),
          fixed(c.convictionScore),
          fixed(c.linguisticBeta),
          fixed(c.marketBuzz),
        ],
        false,
      ),
    );
  y -= 6;
  put("Sector mix (share of holdings)", 11, true);
  for (const [sector, count] of sectorMix(facts.companies))
    put(`${sector}: ${((100 * count) / facts.companies.length).toFixed(1)}%`, 9);
  y = Math.min(y, 60);
  put("Synthetic data served by thematic-mock (a local mock of the service); not investment information.", 7);
  return textPdf([lines]);
}

/** x of each holdings column, points. */
const COLUMNS = [50, 70, 120, 290, 420, 475, 530] as const;

function cut(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}.`;
}

function fixed(x: number | null): string {
  return x === null ? "-" : x.toFixed(3);
}

function sectorMix(companies: readonly CompanyOut[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const c of companies) counts.set(c.sector ?? "Unclassified", (counts.get(c.sector ?? "Unclassified") ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    if (line.length > 0 && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else {
      line = line.length === 0 ? word : `${line} ${word}`;
    }
  }
  if (line.length > 0) out.push(line);
  return out.slice(0, 12);
}
