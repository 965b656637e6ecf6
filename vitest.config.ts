import { configDefaults, defineConfig } from "vitest/config";
import { scaled } from "./test/_support/timeScale.ts";

// Workspace packages are resolved to their TypeScript source through the
// "@thematic/source" export condition, so nothing needs a build to be tested.
const conditions = ["@thematic/source"];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ["packages/*/src/**/*.test.ts", "fixtures/src/**/*.test.ts", "test/**/*.test.ts"],
    // The packed-package tests have their own run (npm run test:packaging, in .ci/run).
    exclude: [...configDefaults.exclude, "test/packaging/**"],
    environment: "node",
    // Hang guards, not budgets: 2 minutes on an idle machine, stretched by the load when the run
    // starts (test/_support/timeScale.ts), so that a busy machine makes tests slow, not red.
    // Tests set no timeouts of their own below this one.
    testTimeout: scaled(120_000),
    hookTimeout: scaled(120_000),
  },
});
