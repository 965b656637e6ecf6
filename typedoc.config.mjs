// @ts-check
import { OptionDefaults } from "typedoc";

/**
 * The API reference (`npm run docs:api` → docs/api/, not committed) of the public entry points,
 * read from the TypeScript source (tsconfig.typedoc.json: the `@thematic/source` condition, no
 * build). Fails on any warning: a `{@link}` that does not resolve or names something not exported,
 * a type referenced but not exported, an export of the four packages without a doc comment
 * (exports themselves, not each property of their types: docs/decisions.md, "API reference").
 *
 * @type {Partial<import("typedoc").TypeDocOptions>}
 */
const config = {
  name: "Thematic toolkit API",
  entryPoints: [
    "packages/engine/src/index.ts",
    "packages/engine/src/testing/index.ts",
    "packages/engine/src/node/index.ts",
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
  // No links to a hosted repository: CI runs in a clone whose remote is a local path.
  disableSources: true,
  excludePrivate: true,
  excludeInternal: true,
  readme: "none",
  // openapi-typescript writes the OpenAPI descriptions of the client's generated types as @description.
  blockTags: [...OptionDefaults.blockTags, "@description"],
  // The symbols are declared in the workspace packages, not in the root package TypeDoc runs from.
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
