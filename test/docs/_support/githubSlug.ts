/**
 * The anchor GitHub gives a Markdown heading: its text as rendered (inline code, emphasis and
 * link markup removed), lower-cased, every character other than a letter, a mark, a digit, a
 * connector (`_`), a space or a hyphen dropped, then each space turned into a hyphen. Spaces are
 * not collapsed, so "A — B" gives "a--b".
 *
 * @example
 * githubSlug("Maximum drawdown (`maxDrawdown`)") // => "maximum-drawdown-maxdrawdown"
 */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images keep their text
    .replace(/<[^>]+>/g, "") // inline HTML tags
    .replace(/[`*]/g, "")
    .replace(/(^|\s)_+|_+(\s|$)/g, "$1$2"); // _emphasis_, not snake_case
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}
