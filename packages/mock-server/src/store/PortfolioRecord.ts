/**
 * The stored shape of the portfolios area (`state.extensions.portfolios`, JSON only): written by
 * `services/portfolios/`, checked at load by `stateSchema.ts`.
 */

/** Key of the portfolios area in `state.extensions`. */
export const PORTFOLIOS_KEY = "portfolios";

/** One holding as stored: the security, the weight as sent, the payload as sent, timestamps (ms). */
export interface HoldingRecord {
  securityId: string;
  weight: number;
  rawPayload: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

/** A saved portfolio as stored (JSON only). Names are unique per owner. */
export interface PortfolioRecord {
  id: string;
  userId: string;
  name: string;
  public: boolean;
  tags: string[] | null;
  source: string | null;
  metadata: Record<string, unknown>;
  createdAt: number; // ms since epoch
  updatedAt: number;
  holdings: HoldingRecord[];
}

/** What the portfolios area keeps under `state.extensions.portfolios`. */
export interface PortfoliosExtension {
  version: 1;
  portfolios: PortfolioRecord[];
}
