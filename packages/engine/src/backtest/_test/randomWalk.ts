export { geometricRandomWalk, normal } from "../../testing/randomWalk.ts";
