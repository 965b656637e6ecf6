import { githubSlug } from "./githubSlug.ts";

/** A link found in a Markdown text: its target as written and the line it is on (1-based). */
export interface MarkdownLink {
  target: string;
  line: number;
}

/**
 * The lines of `markdown` outside fenced code blocks (``` or ~~~): each as written (`raw`) and
 * with its inline code spans blanked out (`text`), so that code is never read as links.
 */
function proseLines(markdown: string): Array<{ raw: string; text: string; line: number }> {
  const out: Array<{ raw: string; text: string; line: number }> = [];
  let fence: string | null = null;
  markdown.split("\n").forEach((raw, i) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
    if (fence !== null) {
      if (opening !== null && opening[1]!.startsWith(fence) && raw.trim() === opening[1]) fence = null;
      return;
    }
    if (opening !== null) {
      fence = opening[1]!;
      return;
    }
    out.push({ raw, text: raw.replace(/(`+)(?:(?!\1).)+?\1/g, (code) => " ".repeat(code.length)), line: i + 1 });
  });
  return out;
}

/**
 * Every link target of `markdown` outside code: inline links and images `[text](target "title")`,
 * reference definitions `[id]: target`, and `href`/`src` attributes of inline HTML.
 *
 * @example
 * markdownLinks("See [maths](docs/maths.md#cagr) and `[not](a-link.md)`.") // => [{ target: "docs/maths.md#cagr", line: 1 }]
 */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { text, line } of proseLines(markdown)) {
    for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: m[1]!, line });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(text);
    if (definition !== null) links.push({ target: definition[1]!, line });
    for (const m of text.matchAll(/\b(?:href|src)="([^"]+)"/g)) links.push({ target: m[1]!, line });
  }
  return links;
}

/**
 * The anchors a Markdown file offers: its headings' GitHub slugs (a repeated heading gets `-1`,
 * `-2`… as on GitHub) and the `id`/`name` attributes of inline HTML.
 *
 * @example
 * [...markdownAnchors("# Drawdown\n## Drawdown\n<a id=\"kept\"></a>")] // => ["drawdown", "drawdown-1", "kept"]
 */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { raw, text } of proseLines(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw);
    if (heading !== null) {
      const slug = githubSlug(heading[1]!);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const m of text.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  }
  return anchors;
}
