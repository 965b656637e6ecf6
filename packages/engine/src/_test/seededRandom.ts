export { seededRandom } from "../testing/seededRandom.ts";
