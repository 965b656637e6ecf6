import type { DriftIssue, DriftKind } from "./findDrift.ts";
import { cut, routeTemplate } from "./routeTemplate.ts";

/** Most undocumented routes (templates) listed one by one; the requests of any further one are counted in one row, {@link OTHER_ROUTES}. */
export const MAX_UNDOCUMENTED_ROUTES = 100;
/** Most fields listed per operation; issues of further fields are counted in `fieldsNotListed`. */
export const MAX_FIELDS_PER_OPERATION = 50;
/** Request paths kept per undocumented route, as examples of what it groups. */
export const MAX_SAMPLE_PATHS = 3;
/** The operation of the row counting the requests of undocumented routes beyond {@link MAX_UNDOCUMENTED_ROUTES}. */
export const OTHER_ROUTES = "(other undocumented routes)";

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

/**
 * The drift of one operation: a `"METHOD /path"` template of the mock's document, or for a route
 * the document lacks its method and {@link routeTemplate} (ids as `{id}`: one row per route, not
 * per id), or {@link OTHER_ROUTES}.
 */
export interface EndpointDrift {
  operation: string;
  /** Answers proxied, and how many of them differed. */
  requests: number;
  drifted: number;
  /** Answers by status. */
  statuses: Record<string, number>;
  /** At most {@link MAX_FIELDS_PER_OPERATION}, the first seen. */
  fields: FieldDrift[];
  /** Issues of fields beyond those listed (counted, not listed). */
  fieldsNotListed?: number;
  firstSeen: string;
  lastSeen: string;
  /** A route the document lacks: the first {@link MAX_SAMPLE_PATHS} request paths it grouped. */
  samplePaths?: string[];
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
 * A drift log for `upstream`, bounded whatever the upstream answers: an operation the document
 * lacks (an issue of kind `undocumented`, its operation the request's `"METHOD /path"`) is
 * grouped by {@link routeTemplate}; at most {@link MAX_UNDOCUMENTED_ROUTES} such routes are listed
 * and any further one is counted in the one row {@link OTHER_ROUTES}; an operation lists at most
 * {@link MAX_FIELDS_PER_OPERATION} fields; every string kept is cut to 200 characters. The
 * documented operations are as many as the document has. Each listed field's first drift is
 * written to `log` (one line: `drift GET /v1/strategies/{id} 200: $.user_id missing (expected
 * string, got absent)`), and the first request counted in {@link OTHER_ROUTES}; later ones only count.
 *
 * @example
 * const drift = createDriftLog("https://api.example.com", () => Date.now(), console.log);
 * drift.record("GET /v1/health", 200, []);
 * drift.report().requests // => 1
 */
export function createDriftLog(upstream: string, now: () => number, log: (line: string) => void): DriftLog {
  const endpoints = new Map<string, { drift: EndpointDrift; fields: Map<string, FieldDrift> }>();
  let undocumentedRoutes = 0;
  const entryOf = (operation: string, at: string): { drift: EndpointDrift; fields: Map<string, FieldDrift> } => {
    let entry = endpoints.get(operation);
    if (entry === undefined) {
      entry = {
        drift: { operation, requests: 0, drifted: 0, statuses: {}, fields: [], firstSeen: at, lastSeen: at },
        fields: new Map(),
      };
      endpoints.set(operation, entry);
    }
    return entry;
  };
  return {
    upstream,
    record(operationIn, status, issues) {
      const at = new Date(now()).toISOString();
      let operation = cut(operationIn);
      let samplePath: string | undefined;
      if (issues.some((i) => i.kind === "undocumented")) {
        const space = operationIn.indexOf(" ");
        const method = operationIn.slice(0, Math.min(space === -1 ? operationIn.length : space, 16));
        const path = space === -1 ? "" : operationIn.slice(space + 1);
        samplePath = cut(path);
        operation = `${method} ${routeTemplate(path)}`;
        if (!endpoints.has(operation)) {
          if (undocumentedRoutes >= MAX_UNDOCUMENTED_ROUTES) {
            if (!endpoints.has(OTHER_ROUTES))
              log(
                `[thematic-mock] drift: more than ${MAX_UNDOCUMENTED_ROUTES} routes the mock lacks; the requests of the others are counted in one row, "${OTHER_ROUTES}"`,
              );
            operation = OTHER_ROUTES;
          } else undocumentedRoutes += 1;
        }
      }
      const { drift, fields } = entryOf(operation, at);
      drift.requests += 1;
      drift.lastSeen = at;
      drift.statuses[status] = (drift.statuses[status] ?? 0) + 1;
      if (samplePath !== undefined) {
        drift.samplePaths ??= [];
        if (drift.samplePaths.length < MAX_SAMPLE_PATHS && !drift.samplePaths.includes(samplePath))
          drift.samplePaths.push(samplePath);
      }
      if (issues.length > 0) drift.drifted += 1;
      for (const issue of issues) {
        const key = `${cut(issue.path)} ${issue.kind}`;
        const known = fields.get(key);
        if (known !== undefined) {
          known.count += 1;
          known.lastSeen = at;
          known.status = status;
          known.got = cut(issue.got);
          continue;
        }
        if (fields.size >= MAX_FIELDS_PER_OPERATION) {
          drift.fieldsNotListed = (drift.fieldsNotListed ?? 0) + 1;
          continue;
        }
        const field: FieldDrift = {
          path: cut(issue.path),
          kind: issue.kind,
          expected: cut(issue.expected),
          got: cut(issue.got),
          count: 1,
          status,
          firstSeen: at,
          lastSeen: at,
        };
        fields.set(key, field);
        if (operation !== OTHER_ROUTES)
          log(
            `[thematic-mock] drift ${operation} ${status}: ${field.path} ${issue.kind} (expected ${field.expected}, got ${field.got})`,
          );
      }
    },
    report() {
      const list = [...endpoints.values()].map(({ drift, fields }) => ({
        ...drift,
        statuses: { ...drift.statuses },
        fields: [...fields.values()].map((f) => ({ ...f })),
        ...(drift.samplePaths === undefined ? {} : { samplePaths: [...drift.samplePaths] }),
      }));
      list.sort(
        (a, b) =>
          Number(a.operation === OTHER_ROUTES) - Number(b.operation === OTHER_ROUTES) ||
          b.drifted - a.drifted ||
          a.operation.localeCompare(b.operation),
      );
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
export const NO_DRIFT_REPORT: DriftReport = Object.freeze({
  mode: "off",
  upstream: null,
  requests: 0,
  drifted: 0,
  endpoints: [],
}) as DriftReport;
