import type { ExcludedCompany, OptimizerResult } from "@thematic/engine";
import type { CompanyOut } from "../../schemas/company.ts";
import type { OptimizerResultOut } from "../../schemas/optimizer.ts";

/**
 * The optimizer result (docs/parity.md#optimizer-result) from the engine's: `portfolio` the companies with a positive
 * weight (company fields as in the company list, plus `weight`), heaviest first, ties by id (the
 * engine lists every optimised company in input order, zeros included); `metadata` as computed,
 * plus the extension `metadata.objectiveTerms` (mean-CVaR: the engine's term report,
 * docs/parity.md); the extensions `warnings` (the engine's, then one line per excluded company with the
 * reason, the price-history reason when that is why) and `solver` (when one ran: the engine's
 * certificate as `{status, method, objective, gap, iterations}`, the active-set QP named "qp").
 *
 * @example
 * presentOptimizerResult(result, companies, []).portfolio[0].weight >= presentOptimizerResult(result, companies, []).portfolio[1].weight // => true
 */
export function presentOptimizerResult(
  result: OptimizerResult,
  companies: readonly CompanyOut[],
  historyExcluded: readonly ExcludedCompany[],
): OptimizerResultOut {
  const byId = new Map(companies.map((c) => [c.id, c]));
  const historyReason = new Map(historyExcluded.map((e) => [e.id, e.reason]));
  const held = result.weights
    .filter((w) => w.weight > 0)
    .sort((x, y) => y.weight - x.weight || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const portfolio = held.flatMap((w) => {
    const company = byId.get(w.id);
    return company === undefined ? [] : [{ ...company, weight: w.weight }];
  });
  const excluded = result.excluded.map((e) => {
    const c = byId.get(e.id);
    const label = c === undefined ? e.id : `${c.name} (${c.symbol}, ${c.id})`;
    return `excluded ${label}: ${historyReason.get(e.id) ?? e.reason}`;
  });
  const metadata: OptimizerResultOut["metadata"] = { ...result.metadata };
  if (result.objectiveTerms !== undefined) metadata.objectiveTerms = result.objectiveTerms.map((t) => ({ ...t }));
  const out: OptimizerResultOut = { metadata, portfolio, warnings: [...result.warnings, ...excluded] };
  const { certificate } = result;
  if (certificate.solver !== "closed-form") {
    out.solver = {
      status: certificate.status === "time-limit" ? "time-limit" : "optimal",
      method: certificate.solver === "active-set-qp" ? "qp" : certificate.solver,
      objective: certificate.objective ?? 0,
      gap: certificate.gap,
      iterations: certificate.iterations,
    };
  }
  return out;
}
