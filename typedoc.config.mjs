// @ts-check
import { OptionDefaults } from "typedoc";

/** @type {Partial<import("typedoc").TypeDocOptions>} */
const config = {
  name: "Thematic toolkit API",
  entryPoints: [
    "packages/engine/src/index.ts",
    "packages/engine/src/testing/index.ts",
    "packages/mock-server/src/index.ts",
    "packages/mock-server/src/adapters/node/index.ts",
    "packages/mock-server/src/adapters/msw/browser.ts",
    "packages/mock-server/src/adapters/msw/node.ts",
    "packages/client/src/index.ts",
    "packages/charts/src/index.ts",
  ],
  entryPointStrategy: "resolve",
  tsconfig: "tsconfig.typedoc.json",
  out: "docs/api",
  skipErrorChecking: true,
  excludePrivate: true,
  excludeInternal: true,
  readme: "none",
  blockTags: [...OptionDefaults.blockTags, "@description"],
  packagesRequiringDocumentation: ["@thematic/engine", "@thematic/mock-server", "@thematic/client", "@thematic/charts"],
  requiredToBeDocumented: [
    "Enum",
    "Variable",
    "Function",
    "Class",
    "Interface",
    "TypeAlias",
    "Namespace",
    "Method",
    "Accessor",
  ],
  validation: { notExported: true, invalidLink: true, notDocumented: true },
  treatValidationWarningsAsErrors: true,
  treatWarningsAsErrors: true,
};

export default config;
