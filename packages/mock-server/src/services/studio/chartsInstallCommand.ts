/** The command for a mock installed from the registry (or when its install cannot be read). */
export const CHARTS_REGISTRY_COMMAND = "npm install --save-dev @thematic/charts";

/** A package's entry in npm's lockfiles (`package-lock.json`, `node_modules/.package-lock.json`), the fields read here. */
interface LockEntry {
  version?: string;
  resolved?: string;
  peerDependencies?: Record<string, string>;
}

/** `arg` quoted for a POSIX shell when it holds anything but letters, digits and `@%+=:,./_-`. */
function shellWord(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command that adds the optional `@thematic/charts` to the project this mock is installed in,
 * for the studio's 501 answer. Installed from the registry: `npm install --save-dev @thematic/charts`.
 * Installed from the tarballs `npm run pack` makes (before the packages are published; the
 * project's lockfile then resolves the mock to `file:…/thematic-mock-server-<v>.tgz`), the registry
 * has no `@thematic/charts`, so the command names by absolute path the charts tarball of the
 * version the mock asks for and the engine's (its `@thematic` dependency) in the same folder,
 * when both are there.
 *
 * Node only: the files are read through `process.getBuiltinModule` (Node 20.16+), so the module
 * imports nothing a browser bundle would have to resolve; anywhere else, or when the install
 * cannot be read, the registry command.
 *
 * @param moduleUrl a file of the running mock (this module's own URL by default; the bundled CLI's
 *   is `…/node_modules/@thematic/mock-server/dist/cli.js`)
 * @example
 * chartsInstallCommand("file:///app/node_modules/@thematic/mock-server/dist/cli.js")
 * // => "npm install --save-dev /app/tarballs/thematic-charts-0.1.0.tgz /app/tarballs/thematic-engine-0.1.0.tgz"
 * //    when /app/package-lock.json resolves the mock to file:tarballs/thematic-mock-server-0.1.0.tgz
 */
export function chartsInstallCommand(moduleUrl: string = import.meta.url): string {
  try {
    const node = (globalThis as { process?: { getBuiltinModule?: NodeJS.Process["getBuiltinModule"] } }).process
      ?.getBuiltinModule;
    if (node === undefined) return CHARTS_REGISTRY_COMMAND;
    const fs = node("node:fs");
    const path = node("node:path");
    const file = node("node:url").fileURLToPath(moduleUrl);
    // The project is the folder of the outermost node_modules; npm's lockfiles key packages by
    // their path from there (`node_modules/@thematic/mock-server`).
    const segments = file.split(path.sep);
    const first = segments.indexOf("node_modules");
    const own = segments.findIndex(
      (s, i) =>
        i > first && s === "mock-server" && segments[i - 1] === "@thematic" && segments[i - 2] === "node_modules",
    );
    if (first <= 0 || own < 0) return CHARTS_REGISTRY_COMMAND;
    const project = segments.slice(0, first).join(path.sep) || path.sep;
    const key = segments.slice(first, own + 1).join("/");
    const lockfile = [
      path.join(project, "node_modules", ".package-lock.json"),
      path.join(project, "package-lock.json"),
    ].find((f) => fs.existsSync(f));
    if (lockfile === undefined) return CHARTS_REGISTRY_COMMAND;
    const entries =
      (JSON.parse(fs.readFileSync(lockfile, "utf8")) as { packages?: Record<string, LockEntry> }).packages ?? {};
    const tarball = (entry: LockEntry | undefined) =>
      entry?.resolved !== undefined && /^file:.*\.tgz$/.test(entry.resolved)
        ? path.resolve(project, entry.resolved.slice("file:".length))
        : undefined;
    const mock = entries[key];
    const mockTarball = tarball(mock);
    if (mock === undefined || mockTarball === undefined) return CHARTS_REGISTRY_COMMAND;
    const wanted = mock.peerDependencies?.["@thematic/charts"];
    const version = wanted !== undefined && /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(wanted) ? wanted : mock.version;
    const folder = path.dirname(mockTarball);
    const charts = path.join(folder, `thematic-charts-${version}.tgz`);
    const engine =
      tarball(entries["node_modules/@thematic/engine"]) ?? path.join(folder, `thematic-engine-${version}.tgz`);
    if (!fs.existsSync(charts) || !fs.existsSync(engine)) return CHARTS_REGISTRY_COMMAND;
    return `npm install --save-dev ${shellWord(charts)} ${shellWord(engine)}`;
  } catch {
    return CHARTS_REGISTRY_COMMAND;
  }
}
