/** One `@example` block of a doc comment. */
export interface DocExample {
  /** Source file, as given. */
  file: string;
  /** 1-based line of the `@example` tag. */
  line: number;
  /** Text after `@example` on the tag's line (empty for most). */
  caption: string;
  /** The example's code, the doc comment's ` * ` prefixes removed. */
  code: string;
}

/** A caption that marks an example as not run, with its reason: `@example not run: <reason>`. */
export const NOT_RUN = /^not run: (.+)$/;

/**
 * Every `@example` block of the `/** … *\/` comments of `source`: the lines after the tag up to the
 * next tag (a line starting with `@`) or the end of the comment, with the leading `*` and one
 * space after it removed (further indentation is kept).
 */
export function extractExamples(file: string, source: string): DocExample[] {
  const examples: DocExample[] = [];
  for (const match of source.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const firstLine = source.slice(0, match.index).split("\n").length;
    const lines = match[1]!.split("\n").map((l) => l.replace(/^\s*\* ?/, "").replace(/^\s*$/, ""));
    for (let i = 0; i < lines.length; i++) {
      const tag = /^@example\b ?(.*)$/.exec(lines[i]!.trimStart());
      if (tag === null) continue;
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && !lines[j]!.trimStart().startsWith("@")) body.push(lines[j++]!);
      while (body.length > 0 && body[body.length - 1]!.trim() === "") body.pop();
      examples.push({ file, line: firstLine + i, caption: tag[1]!.trim(), code: body.join("\n") });
      i = j - 1;
    }
  }
  return examples;
}
