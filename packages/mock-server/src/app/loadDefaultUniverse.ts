import { loadUniverse } from "@thematic/fixtures/load";
import type { Universe } from "../_internal/fixtures.ts";

let cached: Universe | undefined;

/**
 * The fixture universe served by default: `loadUniverse()` from @thematic/fixtures, loaded once
 * per process (the mock never mutates it; every app built without `universe` shares it).
 *
 * Cost: the first call validates and regenerates prices (see fixtures/README.md); later calls O(1).
 * @throws Error `[fixtures] ...` when the committed fixture files do not validate
 * @example
 * loadDefaultUniverse() === loadDefaultUniverse() // => true
 */
export function loadDefaultUniverse(): Universe {
  cached ??= loadUniverse();
  return cached;
}
