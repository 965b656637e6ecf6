const STOPWORDS = new Set(
  (
    "a an and are as at be by for from in into is it its of on or our that the their these this those to we with which who whose " +
    "want like such other any all not no company companies compani business businesses firm firms stock stocks share shares " +
    "invest investing investment investments strategy strategies exposure exposed focus focused focusing global leading " +
    "provide provides providing make makes making use uses using based also including include includes across around more most"
  ).split(" "),
);

/**
 * Normalises one word: lower-case, a crude plural strip (`ies`→`y`, trailing `s` but not `ss`)
 * so "batteries" meets "battery" and "chips" meets "chip".
 */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is"))
    return w.slice(0, -1);
  return w;
}

/** The stemmed content words of `text` (alphanumeric runs, stop words and 1-letter words dropped), in order. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !STOPWORDS.has(w))
    .map(stem)
    .filter((w) => !STOPWORDS.has(w));
}

/** `text` lower-cased with every non-alphanumeric run replaced by one space, padded with spaces (for phrase search). */
export function normalizeText(text: string): string {
  return ` ${text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "")
    .map(stem)
    .join(" ")} `;
}
