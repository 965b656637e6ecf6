/**
 * `npm run pack [-- --out <folder>]`: builds every public package, packs it into one folder
 * (default `dist/tarballs/`, git-ignored) and prints the `npm install` line of each use (engine;
 * mock server; client and charts; notebooks). Until the packages are published, that line is how
 * they install: it names every @thematic tarball the use needs, so it works in any folder, npm
 * taking the other dependencies from the registry. test/packaging/ runs this command and the
 * lines it prints.
 *
 * Progress goes to stderr; stdout holds the tarballs and the lines:
 *
 *   Packed 5 packages into /repo/dist/tarballs:
 *     @thematic/engine 0.1.0: thematic-engine-0.1.0.tgz, 371 kB (1415 kB unpacked, 831 files)
 *     ...
 *   engine, instead of `npm install @thematic/engine`:
 *     npm install /repo/dist/tarballs/thematic-engine-0.1.0.tgz
 */
import { basename, join, resolve } from "node:path";
import { installUses } from "./pack/installUses.ts";
import { packTarballs } from "./pack/packTarballs.ts";

const repo = join(import.meta.dirname, "..");
const USAGE = "usage: npm run pack [-- --out <folder>]   (default folder: dist/tarballs)";

/** The output folder from the command line, or null after printing the usage for --help. */
function outFolder(args: string[]): string | null {
  let out = join(repo, "dist", "tarballs");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      return null;
    }
    const value = arg === "--out" ? args[++i] : arg.startsWith("--out=") ? arg.slice("--out=".length) : undefined;
    if (value === undefined || value === "")
      throw new Error(
        arg === "--out" || arg.startsWith("--out=")
          ? `--out needs a folder\n${USAGE}`
          : `unknown argument ${arg}\n${USAGE}`,
      );
    out = resolve(value);
  }
  return out;
}

const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

try {
  const out = outFolder(process.argv.slice(2));
  if (out !== null) {
    const packed = await packTarballs(repo, out, (p) =>
      process.stderr.write(`pack: building and packing ${p.name} ...\n`),
    );
    const lines = [
      `Packed ${packed.length} packages into ${out}:`,
      ...packed.map(
        (p) =>
          `  ${p.name} ${p.version}: ${basename(p.file)}, ${kB(p.bytes)} (${kB(p.unpackedBytes)} unpacked, ${p.files.length} files)`,
      ),
      "",
      "Until the @thematic packages are published, `npm install @thematic/...` finds nothing, and a",
      "tarball installed alone fails on its @thematic dependencies. In your project (any folder), run",
      "the line of your use instead of its `npm install`: it names every @thematic tarball the use",
      "needs, and npm fetches the other dependencies from the registry as usual.",
      ...installUses(packed).flatMap((use) => ["", `${use.title}, instead of \`${use.published}\`:`, `  ${use.line}`]),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
} catch (error) {
  process.stderr.write(`pack: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
