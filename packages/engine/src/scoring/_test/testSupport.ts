export { centredCross, eligibleXY, isEligible, leverage, logistic, mean, sd } from "../../testing/convictionOracle.ts";
export { permutationOf } from "../../testing/companies.ts";
import { arbitraryConvictionInput, arbitraryConvictionInputs, arbitraryMarketCap, arbitraryMinMarketCap, arbitraryUnit } from "../../testing/companies.ts";
export const unit = arbitraryUnit();
export const cap = arbitraryMarketCap();
export const company = arbitraryConvictionInput();
export const companies = arbitraryConvictionInputs();
export const minCap = arbitraryMinMarketCap();
