export { gaussianSource as normal, syntheticUniverse } from "../../testing/syntheticUniverse.ts";
