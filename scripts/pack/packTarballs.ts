import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { publicPackages, type PublicPackage } from "./publicPackages.ts";

/** One public package packed by {@link packTarballs}. */
export interface PackedTarball extends PublicPackage {
  /** Absolute path of the tarball. */
  file: string;
  /** Size of the tarball in bytes. */
  bytes: number;
  /** Size of its files once unpacked, in bytes (`npm pack`'s `unpackedSize`). */
  unpackedBytes: number;
  /** Paths of the files it holds, relative to the package folder (`package.json`, `dist/index.js`…). */
  files: string[];
}

/** What `npm pack --json` reports per package. */
interface NpmPackReport {
  filename: string;
  unpackedSize: number;
  files: Array<{ path: string }>;
}

/**
 * The tarball file name `npm pack` gives a package version: the scope's `@` dropped and its `/`
 * made a dash, e.g. `@thematic/engine` 0.1.0 → `thematic-engine-0.1.0.tgz`.
 *
 * @example
 * tarballName("@thematic/mock-server", "0.1.0") // => "thematic-mock-server-0.1.0.tgz"
 */
export function tarballName(name: string, version: string): string {
  return `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
}

/** Runs `npm <args>` in `cwd` and resolves with its stdout; rejects with the output when it fails. */
function npm(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new Error(`\`npm ${args.join(" ")}\` in ${cwd} exited with ${code}:\n${stdout}\n${stderr}`)),
    );
  });
}

/**
 * Builds every public workspace package of the repository at `repo` from a clean `dist/` and packs
 * it with `npm pack` (whose `prepack` script is the package's build) into the folder `out`, one
 * package after the other in the order of the root `workspaces`. Older tarballs of these packages
 * in `out` (another version) are removed first, so the folder holds one tarball per package.
 *
 * @param onPackage called as each package starts packing (progress)
 * @returns the packed tarballs, in workspace order
 * @throws Error with npm's output when a build or a pack fails
 * @example
 * (await packTarballs("/repo", "/repo/dist/tarballs"))[0].file // => "/repo/dist/tarballs/thematic-engine-0.1.0.tgz"
 */
export async function packTarballs(
  repo: string,
  out: string,
  onPackage: (pkg: PublicPackage) => void = () => {},
): Promise<PackedTarball[]> {
  const found = publicPackages(repo);
  mkdirSync(out, { recursive: true });
  for (const p of found) {
    // `thematic-engine-` followed by a version: this package's tarball of any version.
    const prefix = tarballName(p.name, "").replace(/\.tgz$/, "");
    for (const file of readdirSync(out))
      if (file.startsWith(prefix) && /^\d.*\.tgz$/.test(file.slice(prefix.length))) rmSync(join(out, file));
    // A clean build: tsc -b skips up-to-date projects, and a stale dist must not be packed.
    rmSync(join(p.dir, "dist"), { recursive: true, force: true });
    rmSync(join(p.dir, "build.tsbuildinfo"), { force: true });
  }
  const packed: PackedTarball[] = [];
  for (const p of found) {
    onPackage(p);
    const stdout = await npm(["pack", "--json", "--pack-destination", out], p.dir);
    const [report] = JSON.parse(stdout.slice(stdout.indexOf("["))) as NpmPackReport[];
    const file = join(out, tarballName(p.name, p.version));
    if (
      report === undefined ||
      report.filename.replace(/^@/, "").replace("/", "-") !== tarballName(p.name, p.version)
    ) {
      throw new Error(`npm pack in ${p.dir} reported ${report?.filename}, not ${tarballName(p.name, p.version)}`);
    }
    packed.push({
      ...p,
      file,
      bytes: statSync(file).size,
      unpackedBytes: report.unpackedSize,
      files: report.files.map((f) => f.path),
    });
  }
  return packed;
}
