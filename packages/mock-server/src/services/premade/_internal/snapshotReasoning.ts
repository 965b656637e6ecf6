/**
 * Why a company was held by a premade strategy's run of `date`, from that run's signals (the
 * snapshots keep no text of their own). Bands (real-service notes, "Signals"): linguistic beta
 * > 0.5 core, 0.2 to 0.5 supporting, < 0.2 tangential; market buzz > 0.5 prominent, 0.2 to 0.5
 * steady, < 0.2 quiet.
 *
 * @example
 * snapshotReasoning("Acme", "Quantum Computing Leaders", "2025-06-30", 0.62, 0.41)
 * // => "As of 2025-06-30, Acme was held by Quantum Computing Leaders: core exposure to the theme (linguistic beta 0.62) and steady media coverage of it (market buzz 0.41)."
 */
export function snapshotReasoning(
  company: string,
  strategy: string,
  date: string,
  linguisticBeta: number,
  marketBuzz: number,
): string {
  const exposure =
    linguisticBeta > 0.5
      ? "core exposure to the theme"
      : linguisticBeta >= 0.2
        ? "a supporting business line in the theme"
        : "a tangential link to the theme";
  const buzz =
    marketBuzz > 0.5
      ? "prominent media coverage of it"
      : marketBuzz >= 0.2
        ? "steady media coverage of it"
        : "little recent coverage of it";
  return `As of ${date}, ${company} was held by ${strategy}: ${exposure} (linguistic beta ${linguisticBeta}) and ${buzz} (market buzz ${marketBuzz}).`;
}
