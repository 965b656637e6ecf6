// Test helper: the committed fixture universe and a fresh, quiet service context on it.
import { loadUniverse } from "@thematic/fixtures";
import { createMock } from "../app/createApp.ts";
import type { ServiceContext } from "../context/ServiceContext.ts";
import type { Universe } from "../_internal/fixtures.ts";

/** The real universe and a new mock's context on it (for service tests that need real prices). */
export async function realContext(): Promise<{ universe: Universe; ctx: ServiceContext }> {
  const universe = await loadUniverse();
  return { universe, ctx: createMock({ universe, quiet: true }).ctx };
}
