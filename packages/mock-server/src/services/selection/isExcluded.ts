import type { Company } from "../../_internal/fixtures.ts";
import { normalizeText, tokenize } from "./_internal/tokenize.ts";

/** Words that phrase an exclusion rather than name what is excluded. */
const EXCLUSION_WORDS = new Set([
  "exclude",
  "excluding",
  "excluded",
  "avoid",
  "avoiding",
  "without",
  "except",
  "maker",
  "involved",
]);

/** Share of a phrase's information (IDF weight) a company's text must cover to be excluded. */
export const EXCLUSION_COVERAGE = 0.5;

/** A word used by at most this share of the companies is distinctive; a match needs one. */
export const DISTINCTIVE_SHARE = 0.05;

const frequencyCache = new WeakMap<readonly Company[], Map<string, number>>();

/**
 * In how many companies each word occurs (name, description, industry), memoised per
 * array. Cost O(total words) on first use.
 */
export function documentFrequency(companies: readonly Company[]): ReadonlyMap<string, number> {
  let df = frequencyCache.get(companies);
  if (df === undefined) {
    df = new Map();
    for (const c of companies) for (const w of companyWords(c)) df.set(w, (df.get(w) ?? 0) + 1);
    frequencyCache.set(companies, df);
  }
  return df;
}

/**
 * Whether an exclusion phrase removes `company` from a strategy. The phrase is tokenised (lower
 * case, plural strip, stop words and the words that only phrase an exclusion such as "exclude"
 * or "makers" dropped). It matches when it equals one of the company's tickers, appears
 * verbatim in its name, description, sector or industry, or when the words of the phrase found
 * in its name, description or industry (the sector is too broad) carry at least
 * {@link EXCLUSION_COVERAGE} of the phrase's weight, each word
 * weighing its inverse document frequency ln(N / df) over `universeCompanies` (words no company
 * uses are ignored), and one of them is distinctive (used by at most {@link DISTINCTIVE_SHARE}
 * of the companies, so "consumer" alone does not exclude every consumer-finance company). So "Exclude tobacco companies" removes a tobacco maker, "Exclude companies
 * that mine coal or burn it" removes a coal miner but not a copper miner. A phrase with no
 * content words removes nothing. Cost O(words of the company + words of the phrases).
 *
 * @param company the candidate
 * @param exclusions the strategy's exclusion phrases
 * @param universeCompanies the companies word rarity is measured over (contains `company`)
 * @example
 * isExcluded(tobaccoMaker, ["Exclude tobacco companies"], universe.companies) // => true
 */
export function isExcluded(
  company: Company,
  exclusions: readonly string[],
  universeCompanies: readonly Company[],
): boolean {
  if (exclusions.length === 0) return false;
  const text = normalizeText(`${company.name} ${company.description} ${company.sector} ${company.industry}`);
  const words = companyWords(company);
  const tickers = new Set(company.securities.map((s) => s.symbol.toLowerCase()));
  const df = documentFrequency(universeCompanies);
  const n = Math.max(universeCompanies.length, 1);
  return exclusions.some((phrase) => {
    const tokens = [...new Set(tokenize(phrase).filter((t) => !EXCLUSION_WORDS.has(t)))];
    if (tokens.length === 0) return false;
    if (tickers.has(phrase.trim().toLowerCase())) return true;
    if (text.includes(normalizeText(tokens.join(" ")))) return true;
    let total = 0;
    let covered = 0;
    let distinctive = false;
    for (const t of tokens) {
      const f = df.get(t) ?? 0;
      if (f === 0) continue;
      const weight = Math.log(n / f) + 1e-9; // a word every company uses still counts a little
      total += weight;
      if (words.has(t)) {
        covered += weight;
        if (f <= Math.max(1, DISTINCTIVE_SHARE * n)) distinctive = true;
      }
    }
    return distinctive && covered >= EXCLUSION_COVERAGE * total;
  });
}

function companyWords(company: Company): Set<string> {
  return new Set(tokenize(`${company.name} ${company.description} ${company.industry}`));
}
