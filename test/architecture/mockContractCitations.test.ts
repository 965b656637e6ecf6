// The mock cites the contract by the sections of docs/parity.md ("The contract, section by
// section"), which is in the repository: every cited anchor is a heading there, and no citation
// points at the contract's own file or section numbers, which are not.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const mock = join(root, "packages/mock-server");

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function mockTexts(): Array<{ file: string; text: string }> {
  const files = [
    ...(readdirSync(join(mock, "src"), { recursive: true }) as string[])
      .filter((f) => f.endsWith(".ts"))
      .map((f) => join("src", f)),
    ...(readdirSync(join(mock, "scripts")) as string[]).map((f) => join("scripts", f)),
    "README.md",
    "ARCHITECTURE.md",
    "MCP.md",
  ];
  return files.map((file) => ({ file, text: readFileSync(join(mock, file), "utf8") }));
}

describe("the mock's citations of the contract", () => {
  const anchors = new Set(
    [...readFileSync(join(root, "docs/parity.md"), "utf8").matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)),
  );

  it("make the slug of a heading as GitHub does", () => {
    expect(slug("Strategy v1")).toBe("strategy-v1");
    expect(slug("The contract, section by section")).toBe("the-contract-section-by-section");
    expect(slug("User-strategy endpoints")).toBe("user-strategy-endpoints");
  });

  it("point at sections of docs/parity.md that exist", () => {
    const cited: string[] = [];
    for (const { text } of mockTexts()) {
      for (const m of text.matchAll(/docs\/parity\.md#([a-z0-9-]+)((?:(?:, | and )#[a-z0-9-]+)*)/g)) {
        cited.push(m[1]!, ...[...m[2]!.matchAll(/#([a-z0-9-]+)/g)].map((x) => x[1]!));
      }
    }
    expect(cited.length).toBeGreaterThan(70);
    expect(cited.filter((a) => !anchors.has(a))).toEqual([]);
  });

  it("never name the contract's file or its section numbers, which are not in the repository", () => {
    const stale = mockTexts().flatMap(({ file, text }) =>
      [...text.matchAll(/rest-interface\.md|contract( section)? \d|(?<!RFC \d+ )§\d/g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(stale).toEqual([]);
  });
});
