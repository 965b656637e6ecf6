import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installUses, neededPackages, shellWord } from "../scripts/pack/installUses.ts";
import { tarballName } from "../scripts/pack/packTarballs.ts";
import { publicPackages } from "../scripts/pack/publicPackages.ts";

// The install lines of `npm run pack` from the repository's own manifests (no build, no pack):
// test/packaging/ runs the command and installs its lines for real.
const repo = join(import.meta.dirname, "..");
const out = "/home/ines/my tarballs";
const packed = publicPackages(repo).map((p) => ({ ...p, file: join(out, tarballName(p.name, p.version)) }));
const version = packed[0]!.version;
const tgz = (name: string) => `'${out}/${tarballName(name, version)}'`;

describe("npm run pack's install lines", () => {
  it("list, for each use, its packages then every @thematic package they depend on, by absolute path, quoted for the shell", () => {
    expect(installUses(packed).map((u) => [u.title, u.published, u.line])).toEqual([
      ["engine", "npm install @thematic/engine", `npm install ${tgz("@thematic/engine")}`],
      [
        "mock server",
        "npm install --save-dev @thematic/mock-server",
        `npm install --save-dev ${tgz("@thematic/mock-server")} ${tgz("@thematic/engine")} ${tgz("@thematic/fixtures")}`,
      ],
      [
        "client and charts",
        "npm install @thematic/client @thematic/charts",
        `npm install ${tgz("@thematic/client")} ${tgz("@thematic/charts")} ${tgz("@thematic/engine")}`,
      ],
      [
        "notebooks",
        "npm install @thematic/engine @thematic/charts @thematic/fixtures @thematic/mock-server",
        `npm install ${tgz("@thematic/engine")} ${tgz("@thematic/charts")} ${tgz("@thematic/fixtures")} ${tgz("@thematic/mock-server")}`,
      ],
    ]);
  });

  it("follow dependencies and required peers transitively, not optional peers", () => {
    const pkg = (name: string, manifest: object) => ({ name, manifest, file: `/t/${name}.tgz` });
    const set = [
      pkg("@x/app", {
        dependencies: { "@x/mid": "1.0.0", left: "^1" },
        peerDependencies: { "@x/peer": "1.0.0", "@x/extra": "1.0.0" },
        peerDependenciesMeta: { "@x/extra": { optional: true } },
      }),
      pkg("@x/mid", { dependencies: { "@x/base": "1.0.0" } }),
      pkg("@x/base", {}),
      pkg("@x/peer", { dependencies: { "@x/base": "1.0.0" } }),
      pkg("@x/extra", {}),
    ];
    expect(neededPackages(set, ["@x/app"]).map((p) => p.name)).toEqual(["@x/app", "@x/mid", "@x/peer", "@x/base"]);
    expect(() => neededPackages(set, ["@x/missing"])).toThrow(/@x\/missing is not among the packed packages/);
  });

  it("quote a path only when the shell needs it", () => {
    expect(shellWord("/tmp/dist/tarballs/thematic-engine-0.1.0.tgz")).toBe(
      "/tmp/dist/tarballs/thematic-engine-0.1.0.tgz",
    );
    expect(shellWord("/tmp/it's here/a.tgz")).toBe(`'/tmp/it'\\''s here/a.tgz'`);
    expect(tarballName("@thematic/mock-server", "0.1.0")).toBe("thematic-mock-server-0.1.0.tgz");
  });
});
