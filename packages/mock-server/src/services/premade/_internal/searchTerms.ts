import { stemmer } from "stemmer";

/** Words too common in objectives and descriptions to tell themes apart. */
const STOPWORDS = new Set(
  (
    "a an and are as at be by for from in into is it its of on or our that the their them these this those to we with which who whose " +
    "want like such other any all not no company companies business businesses firm firms stock stocks share shares " +
    "invest investing investment investments invests strategy strategies exposure exposed focus focused focusing global leading " +
    "provide provides providing make makes making made use uses using based also including include includes across around more most " +
    "i me my you your they he she than then there here can could would should will shall may might do does did done has have had " +
    "help helps helping build builds building well just only very into onto over under about via each per both either neither " +
    "up down out off so what when where how why one two three own same new world"
  ).split(" "),
);

/**
 * The search terms of `text`: lower-case alphanumeric runs, stop words and one-letter words
 * dropped, each reduced by the Porter stemmer (so "batteries", "battery" meet; "automated",
 * "automation" meet). Used for both the indexed documents and the query. O(length of text).
 *
 * @example
 * searchTerms("The batteries of electric cars") // => ["batteri", "electr", "car"]
 */
export function searchTerms(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (raw.length < 2 || STOPWORDS.has(raw)) continue;
    const term = stemmer(raw);
    if (term.length >= 2 && !STOPWORDS.has(term)) out.push(term);
  }
  return out;
}
