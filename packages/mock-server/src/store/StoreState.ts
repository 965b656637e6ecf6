import type { Constituent } from "../_internal/fixtures.ts";

/** Terminal outcome of a build: 100 done, -1 error, -2 permanently failed (docs/parity.md#generation-status). */
export type BuildOutcome = 100 | -1 | -2;

/**
 * One run (build) of a strategy version. Status is a pure function of the clock: 0 at
 * `startedAt`, 1..95 while running, `outcome` from `startedAt + durationMs` on.
 */
export interface RunRecord {
  startedAt: number; // ms since epoch
  durationMs: number;
  outcome: BuildOutcome;
}

/** A run of a version as of a past date (v2 submit with `as_of_date`): a HISTORICAL run. */
export interface HistoricalRunRecord extends RunRecord {
  asOfDate: string; // YYYY-MM-DD
}

/** A factsheet asked for one run of a version (v2 submit `create_factsheet`, POST factsheet). */
export interface FactsheetRecord {
  asOfDate: string; // YYYY-MM-DD, the run's as-of date
  requestedAt: number; // ms since epoch
  durationMs: number; // generation time, counted from the later of the request and the end of the run
}

/** An immutable, submitted version of a user strategy. */
export interface VersionRecord {
  id: string;
  objective: string;
  exclusions: string[];
  createdAt: number; // ms since epoch
  /** Latest LIVE run of this version (its as-of date is the UTC date it started); null when it has never run live. */
  run: RunRecord | null;
  /** Constituents fixed by the fixtures; null for versions built by the mock (selected on read). */
  constituents: Constituent[] | null;
  /** HISTORICAL runs, one per as-of date (absent in states written before they existed: none). */
  historicalRuns?: HistoricalRunRecord[];
  /** How many LIVE runs this version has had (absent: 1 when `run` is set, else 0). */
  liveRunCount?: number;
  /** Factsheets asked for, one per as-of date (absent: none). */
  factsheets?: FactsheetRecord[];
}

/** A user strategy: the draft (objective + exclusions), its versions and bookkeeping. */
export interface StrategyRecord {
  id: string;
  userId: string;
  name: string;
  objective: string; // draft
  exclusions: string[]; // draft
  tags: string[];
  public: boolean;
  createdAt: number;
  updatedAt: number;
  archivedAt: number | null;
  versions: VersionRecord[]; // oldest first
  activeVersionId: string | null;
  draftVersionId: string | null;
  /** Outcome forced on the next build by the control surface; consumed by submit. */
  nextOutcome: BuildOutcome | null;
}

/** A user of the mock: fixture users plus keys added by option. */
export interface UserRecord {
  id: string;
  name: string;
  apiKey: string;
  active: boolean;
}

/**
 * Everything mutable, JSON-serialisable (numbers, strings, arrays, plain objects), so the
 * persistence layer can write it as is. `formatVersion` guards against reading an old file.
 */
export interface StoreState {
  formatVersion: 1;
  /** Seed and counter of the id generator: ids are `uuidFrom(seed:counter)`. */
  idSeed: number;
  idCounter: number;
  /** How far the control surface has moved the clock ahead, ms (restored on restart). */
  clockOffsetMs: number;
  users: UserRecord[];
  strategies: StrategyRecord[];
  /** Route modules added later keep their own records here, keyed by area (e.g. "portfolios"). */
  extensions: Record<string, unknown>;
}
