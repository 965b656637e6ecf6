import type { DriftIssue, DriftKind } from "./findDrift.ts";

/** One field of one endpoint that differs, with how often and when. */
export interface FieldDrift {
  path: string;
  kind: DriftKind;
  expected: string;
  got: string;
  /** Answers that showed it. */
  count: number;
  /** HTTP status of the last answer that showed it. */
  status: number;
  firstSeen: string;
  lastSeen: string;
}

/** The drift of one operation (`"METHOD /path"` template of the mock's document). */
export interface EndpointDrift {
  operation: string;
  /** Answers proxied, and how many of them differed. */
  requests: number;
  drifted: number;
  /** Answers by status. */
  statuses: Record<string, number>;
  fields: FieldDrift[];
}

/** `GET /__mock/drift`: what the upstream answered that the mock's schemas do not say. */
export interface DriftReport {
  /** "proxy" when the server forwards to an upstream (`--proxy`), else "off" (nothing to report). */
  mode: "proxy" | "off";
  upstream: string | null;
  requests: number;
  drifted: number;
  endpoints: EndpointDrift[];
}

/** Collects the drift of proxied answers (one per server, shared by every sandbox session). */
export interface DriftLog {
  readonly upstream: string;
  /** Adds one proxied answer of `operation` and its issues (none: it matched). */
  record(operation: string, status: number, issues: readonly DriftIssue[]): void;
  report(): DriftReport;
}

/**
 * A drift log for `upstream`. Each field's first drift is written to `log` (one line:
 * `drift GET /v1/strategies/{id} 200: $.user_id missing (expected string, got absent)`); later
 * ones only count.
 *
 * @example
 * const drift = createDriftLog("https://api.example.com", () => Date.now(), console.log);
 * drift.record("GET /v1/health", 200, []);
 * drift.report().requests // => 1
 */
export function createDriftLog(upstream: string, now: () => number, log: (line: string) => void): DriftLog {
  const endpoints = new Map<string, { drift: EndpointDrift; fields: Map<string, FieldDrift> }>();
  return {
    upstream,
    record(operation, status, issues) {
      let entry = endpoints.get(operation);
      if (entry === undefined) {
        entry = { drift: { operation, requests: 0, drifted: 0, statuses: {}, fields: [] }, fields: new Map() };
        endpoints.set(operation, entry);
      }
      const { drift, fields } = entry;
      drift.requests += 1;
      drift.statuses[status] = (drift.statuses[status] ?? 0) + 1;
      if (issues.length > 0) drift.drifted += 1;
      const at = new Date(now()).toISOString();
      for (const issue of issues) {
        const key = `${issue.path} ${issue.kind}`;
        const known = fields.get(key);
        if (known !== undefined) {
          known.count += 1;
          known.lastSeen = at;
          known.status = status;
          known.got = issue.got;
          continue;
        }
        fields.set(key, { ...issue, count: 1, status, firstSeen: at, lastSeen: at });
        log(`[thematic-mock] drift ${operation} ${status}: ${issue.path} ${issue.kind} (expected ${issue.expected}, got ${issue.got})`);
      }
    },
    report() {
      const list = [...endpoints.values()].map(({ drift, fields }) => ({ ...drift, statuses: { ...drift.statuses }, fields: [...fields.values()].map((f) => ({ ...f })) }));
      list.sort((a, b) => b.drifted - a.drifted || a.operation.localeCompare(b.operation));
      return {
        mode: "proxy",
        upstream,
        requests: list.reduce((n, e) => n + e.requests, 0),
        drifted: list.reduce((n, e) => n + e.drifted, 0),
        endpoints: list,
      };
    },
  };
}

/** The report of a server that does not proxy. */
export const NO_DRIFT_REPORT: DriftReport = Object.freeze({ mode: "off", upstream: null, requests: 0, drifted: 0, endpoints: [] }) as DriftReport;
