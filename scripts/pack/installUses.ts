/** A use of the packages, with the packages it installs (as the READMEs install them). */
interface Use {
  title: string;
  packages: string[];
  saveDev: boolean;
}

/**
 * The uses `npm run pack` prints a line for, each as the READMEs' quick starts install it once the
 * packages are published: the engine in a service or notebook, the mock in a frontend project
 * (a dev dependency), the typed client with the charts, and the example notebooks (which read the
 * fixtures and talk to the mock).
 */
export const USES: readonly Use[] = Object.freeze([
  { title: "engine", packages: ["@thematic/engine"], saveDev: false },
  { title: "mock server", packages: ["@thematic/mock-server"], saveDev: true },
  { title: "client and charts", packages: ["@thematic/client", "@thematic/charts"], saveDev: false },
  {
    title: "notebooks",
    packages: ["@thematic/engine", "@thematic/charts", "@thematic/fixtures", "@thematic/mock-server"],
    saveDev: false,
  },
]);

/** A package as {@link installUses} needs it: its name, its manifest and its tarball. */
export interface UsablePackage {
  name: string;
  manifest: {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
  file: string;
}

/** The install line of one use, before and after publication. */
export interface InstallUse {
  title: string;
  /** The command once the packages are published, e.g. `npm install @thematic/engine`. */
  published: string;
  /** The command that works now: every tarball the use needs, by absolute path. */
  line: string;
  /** The tarballs `line` installs, in its order. */
  tarballs: string[];
}

/**
 * `arg` quoted for a POSIX shell when it holds anything but letters, digits and `@%+=:,./_-`.
 *
 * @example
 * shellWord("/tmp/my tarballs/a.tgz") // => "'/tmp/my tarballs/a.tgz'"
 */
export function shellWord(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/**
 * The packages among `packed` that `names` need: the named ones, then, in the order found, every
 * packed package they depend on (dependencies and required peer dependencies, transitively).
 * npm installs a package's dependency from the registry unless the same install names a tarball
 * of it, so a line must list all of them.
 *
 * @throws Error when a named package is not packed
 * @example
 * neededPackages(packed, ["@thematic/mock-server"]).map((p) => p.name) // => ["@thematic/mock-server", "@thematic/engine", "@thematic/fixtures"]
 */
export function neededPackages<P extends UsablePackage>(packed: readonly P[], names: readonly string[]): P[] {
  const byName = new Map(packed.map((p) => [p.name, p]));
  const needed: P[] = [];
  const queue = [...names];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const pkg = byName.get(name);
    if (pkg === undefined)
      throw new Error(`${name} is not among the packed packages (${[...byName.keys()].join(", ")})`);
    if (needed.includes(pkg)) continue;
    needed.push(pkg);
    const { dependencies = {}, peerDependencies = {}, peerDependenciesMeta = {} } = pkg.manifest;
    const requiredPeers = Object.keys(peerDependencies).filter((peer) => peerDependenciesMeta[peer]?.optional !== true);
    for (const dep of [...Object.keys(dependencies), ...requiredPeers]) if (byName.has(dep)) queue.push(dep);
  }
  return needed;
}

/**
 * The install line of each of {@link USES} for the tarballs `packed`: `npm install` (with
 * `--save-dev` for the mock) followed by every tarball the use needs, by absolute path, so it
 * works in any folder without a registry that knows the `@thematic` packages (npm takes each
 * `@thematic` dependency from the tarball the same command names; docs/decisions.md).
 *
 * @example
 * installUses(packed)[0].line // => "npm install /repo/dist/tarballs/thematic-engine-0.1.0.tgz"
 */
export function installUses(packed: readonly UsablePackage[]): InstallUse[] {
  return USES.map((use) => {
    const flags = use.saveDev ? ["--save-dev"] : [];
    const tarballs = neededPackages(packed, use.packages).map((p) => p.file);
    return {
      title: use.title,
      published: ["npm", "install", ...flags, ...use.packages].join(" "),
      line: ["npm", "install", ...flags, ...tarballs.map(shellWord)].join(" "),
      tarballs,
    };
  });
}
