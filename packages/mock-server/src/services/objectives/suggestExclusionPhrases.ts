import type { UniverseAccess } from "../../context/contextParts.ts";
import type { Company } from "../../_internal/fixtures.ts";
import { notFound } from "../../errors/ApiError.ts";
import type { ExclusionPhrases, ExclusionPhrasesInput } from "../../schemas/objectiveHelpers.ts";
import { DISTINCTIVE_SHARE, documentFrequency, isExcluded } from "../selection/isExcluded.ts";
import { stem, tokenize } from "../selection/_internal/tokenize.ts";

/** Phrases returned, at most (the reference: 2 to 10). */
export const PHRASES_MAX = 10;
/** Distinctive words of the company offered as phrases, at most. */
export const WORD_PHRASES_MAX = 4;

interface Candidate {
  phrase: string;
  reason: string;
}

/**
 * Exclusion phrases for a company that a strategy included (docs/parity.md v1 row 28): what the
 * user could add to the strategy's exclusions to drop it, narrowest first, each with the reason.
 * Built on the fixtures, and every phrase returned is checked with the mock's own exclusion
 * matcher (`isExcluded`), so adding any of them to the strategy removes this company:
 *
 * 1. the company itself, by name;
 * 2. the distinctive words (used by at most `DISTINCTIVE_SHARE` of the companies) of its inclusion
 *    reason and description that the objective does not use, those of the inclusion reason first,
 *    then rarest first (at most {@link WORD_PHRASES_MAX}): each removes the company and the few
 *    that share that activity;
 * 3. its industry, then its sector (broad: they remove every peer too, and the reason says so).
 *
 * Between 2 and {@link PHRASES_MAX} phrases (the sector always matches, the name almost always; the
 * bare ticker, which the matcher also honours, is the fallback). Cost:
 * O(words of the company × universe document frequency lookups).
 *
 * @throws ApiError 404 when `companyId` is no company of the universe
 * @example
 * suggestExclusionPhrases(ctx, { objective, companyId: tesla.id, inclusionReason }).phrases[0].phrase // => "Exclude Tesla, Inc."
 */
export function suggestExclusionPhrases(ctx: UniverseAccess, input: ExclusionPhrasesInput): ExclusionPhrases {
  const { companies } = ctx.universe;
  const company = ctx.universe.companyById.get(input.companyId);
  if (company === undefined) throw notFound("company", input.companyId);

  const candidates: Candidate[] = [
    { phrase: `Exclude ${company.name}`, reason: `Removes ${company.name} alone, whatever else the strategy keeps.` },
    ...wordCandidates(company, input, companies),
    {
      phrase: `Exclude ${company.industry} companies`,
      reason: `${company.name} is classified in ${company.industry}; this removes it together with its industry peers.`,
    },
    {
      phrase: `Exclude ${company.sector} companies`,
      reason: `Broadest option: removes ${company.name} and every other ${company.sector} company from the strategy.`,
    },
  ];
  const seen = new Set<string>();
  const phrases: Candidate[] = [];
  for (const c of candidates) {
    const key = c.phrase.toLowerCase();
    if (seen.has(key) || !isExcluded(company, [c.phrase], companies)) continue;
    seen.add(key);
    phrases.push(c);
    if (phrases.length === PHRASES_MAX) break;
  }
  // The matcher treats a phrase equal to a ticker as that company: the fallback when its name is all stop words.
  const ticker = company.securities[0]!.symbol;
  if (phrases.length < 2)
    phrases.push({ phrase: ticker, reason: `The ticker alone removes ${company.name} and nothing else.` });
  return { phrases };
}

/** Words of the inclusion reason (first) and of the description that the objective does not use, rarest first. */
function wordCandidates(company: Company, input: ExclusionPhrasesInput, companies: readonly Company[]): Candidate[] {
  const objectiveWords = new Set(tokenize(input.objective));
  const companyWords = new Set(tokenize(`${company.name} ${company.description} ${company.industry}`));
  const nameWords = new Set(tokenize(company.name));
  const reasonWords = new Set(tokenize(input.inclusionReason));
  const df = documentFrequency(companies);
  const common = DISTINCTIVE_SHARE * companies.length;
  const words = [...companyWords].filter(
    (w) => !objectiveWords.has(w) && !nameWords.has(w) && /[a-z]/.test(w) && w.length > 2 && (df.get(w) ?? 0) <= common,
  );
  const rank = (w: string) => (reasonWords.has(w) ? 0 : 1);
  words.sort((a, b) => rank(a) - rank(b) || (df.get(a) ?? 0) - (df.get(b) ?? 0) || (a < b ? -1 : 1));
  // Show the word as the company's text spells it, not its stem ("batteries", not "battery").
  const spelled = new Map<string, string>();
  for (const raw of `${company.description} ${company.industry}`.toLowerCase().split(/[^a-z0-9]+/))
    if (!spelled.has(stem(raw))) spelled.set(stem(raw), raw);
  return words.slice(0, WORD_PHRASES_MAX).map((w) => {
    const word = spelled.get(w) ?? w;
    const peers = Math.max(0, (df.get(w) ?? 1) - 1);
    const source = reasonWords.has(w) ? "its inclusion reason and its description" : "its description";
    return {
      phrase: `Exclude companies involved in ${word}`,
      reason: `"${word}" describes part of ${company.name}'s business (in ${source}) but is not something the objective asks for; ${peers === 0 ? "no other company uses" : `${peers} other ${peers === 1 ? "company uses" : "companies use"}`} the word.`,
    };
  });
}
