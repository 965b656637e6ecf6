import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { DocsAssets } from "../../routes/docs.ts";

/**
 * Swagger UI files from the installed `swagger-ui-dist` package (served at `/docs/<file>`; nothing
 * is fetched from a CDN). Files are read once and cached; null for an unknown file.
 */
export function swaggerAssets(): DocsAssets {
  const cache = new Map<string, Uint8Array | null>();
  let root: string | null | undefined;
  return (file) => {
    if (cache.has(file)) return cache.get(file) ?? null;
    if (root === undefined) {
      try {
        root = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
      } catch {
        root = null;
      }
    }
    let bytes: Uint8Array | null = null;
    if (root !== null && /^[\w.-]+$/.test(file)) {
      try {
        bytes = new Uint8Array(readFileSync(join(root, file)));
      } catch {
        bytes = null;
      }
    }
    cache.set(file, bytes);
    return bytes;
  };
}
