import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { githubSlug } from "./_support/githubSlug.ts";
import { markdownAnchors, markdownLinks } from "./_support/markdownLinks.ts";
import { repoFiles } from "./_support/repoFiles.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

describe("githubSlug", () => {
  it("keeps letters, digits, hyphens and underscores, drops the rest, and turns each space into a hyphen", () => {
    expect(githubSlug("Maximum drawdown (`maxDrawdown`)")).toBe("maximum-drawdown-maxdrawdown");
    expect(githubSlug("Score tilt — the default")).toBe("score-tilt--the-default");
    expect(githubSlug("CVaR at 95 %, ρ and J·w")).toBe("cvar-at-95--ρ-and-jw");
    expect(githubSlug("The [mock](README.md) and *emphasis* with snake_case")).toBe(
      "the-mock-and-emphasis-with-snake_case",
    );
  });
});

describe("markdownLinks and markdownAnchors", () => {
  it("read links outside code only, and number repeated headings as GitHub does", () => {
    const text = [
      "# Title",
      'See [a](a.md#x), ![img](images/p.png "P") and `[code](no.md)`.',
      "```md",
      "[inside](fence.md)",
      "# Not a heading",
      "```",
      "[ref]: ./b.md",
      '<img src="c.svg"> <a id="here"></a>',
      "## Title",
    ].join("\n");
    expect(markdownLinks(text)).toEqual([
      { target: "a.md#x", line: 2 },
      { target: "images/p.png", line: 2 },
      { target: "./b.md", line: 7 },
      { target: "c.svg", line: 8 },
    ]);
    expect([...markdownAnchors(text)]).toEqual(["title", "here", "title-1"]);
  });
});

/** The broken relative links and #anchors of one Markdown file, each as `file:line target (why)`. */
function brokenLinks(file: string, anchorsOf: (file: string) => Set<string>): string[] {
  const broken: string[] = [];
  for (const { target, line } of markdownLinks(readFileSync(join(ROOT, file), "utf8"))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:… (not checked: no network)
    const hash = target.indexOf("#");
    const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
    const resolved =
      pathPart === ""
        ? file
        : normalize(join(pathPart.startsWith("/") ? "" : dirname(file), pathPart))
            .split("\\")
            .join("/");
    const where = `${file}:${line} ${target}`;
    if (resolved.startsWith("..") || !existsSync(join(ROOT, resolved))) {
      broken.push(`${where} (no such file: ${resolved})`);
      continue;
    }
    if (anchor === null || anchor === "") continue;
    if (statSync(join(ROOT, resolved)).isDirectory() || !resolved.endsWith(".md")) {
      broken.push(`${where} (an anchor into ${resolved}, which is not a Markdown file)`);
      continue;
    }
    if (!anchorsOf(resolved).has(anchor)) broken.push(`${where} (no heading or anchor "${anchor}" in ${resolved})`);
  }
  return broken;
}

describe("the repository's Markdown", () => {
  const files = repoFiles(ROOT, [".md"]);
  const cache = new Map<string, Set<string>>();
  const anchorsOf = (file: string): Set<string> => {
    let anchors = cache.get(file);
    if (anchors === undefined) cache.set(file, (anchors = markdownAnchors(readFileSync(join(ROOT, file), "utf8"))));
    return anchors;
  };

  it("is found: the READMEs and docs/", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "README.md",
        "docs/maths.md",
        "docs/decisions.md",
        "docs/parity.md",
        "packages/mock-server/ARCHITECTURE.md",
      ]),
    );
  });

  it("has no broken relative link or #anchor", () => {
    expect(files.flatMap((file) => brokenLinks(file, anchorsOf))).toEqual([]);
  });

  it("has every section that the code and the docs cite as docs/<file>.md#<anchor>", () => {
    const broken: string[] = [];
    for (const file of repoFiles(ROOT, [".ts", ".mjs", ".md"])) {
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .forEach((text, i) => {
          for (const [citation, doc, anchor] of text.matchAll(/\b(docs\/[\w/.-]+\.md)#([\w-]+)/g)) {
            if (!existsSync(join(ROOT, doc!))) broken.push(`${file}:${i + 1} ${citation} (no such file)`);
            else if (!anchorsOf(doc!).has(anchor!))
              broken.push(`${file}:${i + 1} ${citation} (no heading or anchor "${anchor}")`);
          }
        });
    }
    expect(broken).toEqual([]);
  });
});
