export { bruteForce, oneShotHighs, referenceLp, type ReferenceProblem, subsets } from "../../testing/referenceLp.ts";
