export { ruObjective } from "../../testing/ruObjective.ts";
