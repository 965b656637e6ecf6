/** What `npm run pack` printed: its tarball folder, the tarballs, and each use's install line. */
export interface PackOutput {
  /** Absolute folder of the tarballs. */
  out: string;
  /** Each packed package: name, version and the tarball's file name in `out`. */
  packages: Array<{ name: string; version: string; file: string }>;
  /** Each use as printed: its title, the command it stands for once published, and the line to run now. */
  uses: Array<{ title: string; published: string; line: string }>;
}

/**
 * Reads the stdout of `npm run pack` (scripts/pack.ts): the tests run the lines it prints, never
 * a copy of them.
 * @throws Error when the folder line, a package or a use is missing
 */
export function parsePackOutput(stdout: string): PackOutput {
  const out = /^Packed \d+ packages into (.+):$/m.exec(stdout)?.[1];
  if (out === undefined) throw new Error(`npm run pack printed no "Packed … into …:" line:\n${stdout}`);
  const packages = [...stdout.matchAll(/^ {2}(@[\w.-]+\/[\w.-]+) (\S+): (\S+\.tgz), /gm)].map((m) => ({
    name: m[1]!,
    version: m[2]!,
    file: m[3]!,
  }));
  const uses = [...stdout.matchAll(/^(\S[^\n]*), instead of `(npm install [^`]+)`:\n {2}(npm install [^\n]+)$/gm)].map(
    (m) => ({ title: m[1]!, published: m[2]!, line: m[3]! }),
  );
  if (packages.length === 0 || uses.length === 0)
    throw new Error(`npm run pack printed no tarball or no install line:\n${stdout}`);
  return { out, packages, uses };
}

/**
 * The printed use whose published command is `published`, e.g. `npm install @thematic/engine`.
 * @throws Error naming the printed uses when none matches
 */
export function useFor(pack: Pick<PackOutput, "uses">, published: string): PackOutput["uses"][number] {
  const use = pack.uses.find((u) => u.published === published);
  if (use === undefined)
    throw new Error(
      `npm run pack printed no line instead of \`${published}\` (it printed: ${pack.uses.map((u) => `\`${u.published}\``).join(", ")})`,
    );
  return use;
}
