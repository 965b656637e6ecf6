import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium (scripts/ensure-chromium.sh installs it); CHROMIUM_PATH overrides. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The standard command-line switches: no sandbox, no GPU, no QUIC, nothing fetched in the background. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Headless Chromium driven by playwright-core, with nothing fetched from the network by the browser
 * itself. `args` replaces the switches (default {@link CHROMIUM_ARGS}); build on CHROMIUM_ARGS to
 * add or drop some.
 */
export function launchChromium(args: readonly string[] = CHROMIUM_ARGS): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...args] });
}

/** Where browser tests save screenshots (gitignored): test/artifacts/<area>/. */
export function artifactDir(area: string): string {
  const dir = join(import.meta.dirname, "..", "artifacts", area);
  mkdirSync(dir, { recursive: true });
  return dir;
}
