// A registry on 127.0.0.1 for the packaging tests: what `npm install` in a fresh project sees when
// the @thematic packages are published. It answers for our packed tarballs and for every package
// version the repository's package-lock.json names, serving those tarballs from the npm cache
// (filled by the repository's own `npm ci`), so an install reaches no network at all.
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/** A tarball made by `npm pack`, with the package.json it holds. */
export interface PackedPackage {
  manifest: Record<string, unknown> & { name: string; version: string };
  file: string;
}

/** The running registry. */
export interface LocalRegistry {
  /** Base URL with a trailing slash, for `npm_config_registry`. */
  url: string;
  close(): Promise<void>;
}

/** Fields of a lockfile entry that npm needs to resolve and install a version. */
const MANIFEST_FIELDS = [
  "dependencies",
  "optionalDependencies",
  "peerDependencies",
  "peerDependenciesMeta",
  "bin",
  "engines",
  "os",
  "cpu",
  "libc",
  "license",
  "hasInstallScript",
] as const;

interface Version {
  manifest: Record<string, unknown>;
  tarball: () => string | null;
}

/** Compares x.y.z versions (prerelease suffixes ordered as text after the numbers). */
function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? "";
    const y = pb[i] ?? "";
    const nx = Number(x);
    const ny = Number(y);
    const c = Number.isInteger(nx) && Number.isInteger(ny) ? nx - ny : x.localeCompare(y);
    if (c !== 0) return c;
  }
  return 0;
}

/** Path of a cached tarball in npm's content-addressed cache (cacache), or null when absent. */
function cachedTarball(npmCache: string, integrity: string): string | null {
  for (const entry of integrity.split(/\s+/)) {
    const dash = entry.indexOf("-");
    const algorithm = entry.slice(0, dash);
    const hex = Buffer.from(entry.slice(dash + 1), "base64").toString("hex");
    const path = join(npmCache, "_cacache", "content-v2", algorithm, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
    if (existsSync(path)) return path;
  }
  return null;
}

/**
 * Starts the registry on an ephemeral port of 127.0.0.1.
 * @param lockfile the repository's package-lock.json (its `packages` name every registry version)
 * @param npmCache npm's cache folder (`npm config get cache`)
 * @param packed our tarballs, served as published packages
 */
export async function startLocalRegistry(
  lockfile: string,
  npmCache: string,
  packed: PackedPackage[],
): Promise<LocalRegistry> {
  const versions = new Map<string, Map<string, Version>>();
  const add = (name: string, version: string, version_: Version) => {
    let byVersion = versions.get(name);
    if (byVersion === undefined) versions.set(name, (byVersion = new Map()));
    byVersion.set(version, version_);
  };
  const lock = JSON.parse(readFileSync(lockfile, "utf8")) as { packages: Record<string, Record<string, unknown>> };
  for (const [path, entry] of Object.entries(lock.packages)) {
    const at = path.lastIndexOf("node_modules/");
    if (at < 0 || entry.link === true || typeof entry.version !== "string" || typeof entry.integrity !== "string")
      continue;
    const name = typeof entry.name === "string" ? entry.name : path.slice(at + "node_modules/".length);
    if (name.startsWith("@thematic/")) continue;
    const manifest: Record<string, unknown> = { name, version: entry.version };
    for (const field of MANIFEST_FIELDS) if (entry[field] !== undefined) manifest[field] = entry[field];
    const integrity = entry.integrity;
    add(name, entry.version, {
      manifest: { ...manifest, _integrity: integrity },
      tarball: () => cachedTarball(npmCache, integrity),
    });
  }
  for (const { manifest, file } of packed) {
    const integrity = `sha512-${createHash("sha512").update(readFileSync(file)).digest("base64")}`;
    add(manifest.name, manifest.version, { manifest: { ...manifest, _integrity: integrity }, tarball: () => file });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://registry");
    const path = decodeURIComponent(url.pathname).slice(1);
    const tarball = /^-\/tarball\/(.+)\/([^/]+)\.tgz$/.exec(path);
    if (tarball !== null) {
      const file = versions.get(tarball[1]!)?.get(tarball[2]!)?.tarball() ?? null;
      if (file === null) {
        res
          .writeHead(404, { "Content-Type": "application/json" })
          .end(JSON.stringify({ error: `no tarball for ${tarball[1]}@${tarball[2]} in the npm cache` }));
        return;
      }
      res.writeHead(200, { "Content-Type": "application/octet-stream" });
      createReadStream(file).pipe(res);
      return;
    }
    const byVersion = versions.get(path);
    if (byVersion === undefined) {
      res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "Not found" }));
      return;
    }
    const base = `http://${req.headers.host}/-/tarball/${path}`;
    const all = [...byVersion.keys()].sort(compareVersions);
    const packument = {
      name: path,
      "dist-tags": { latest: all.at(-1) },
      versions: Object.fromEntries(
        all.map((v) => {
          const { _integrity, ...manifest } = byVersion.get(v)!.manifest;
          return [v, { ...manifest, dist: { tarball: `${base}/${v}.tgz`, integrity: _integrity } }];
        }),
      ),
    };
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(packument));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // npm keeps its sockets alive; close would wait for them
      }),
  };
}
