/**
 * Every size limit the mock enforces on input, in one place (the contract leaves request-size
 * and field-length limits open: section 8). Schemas and middleware import these; the README's
 * "Limits the contract leaves open" table and the OpenAPI document show them. A value over a
 * limit is a 400 naming the field and the limit (a body over {@link BODY_MAX_BYTES} is a 413).
 */
export const LIMITS = {
  /** Largest request body of a REST route, bytes. */
  BODY_MAX_BYTES: 1024 * 1024,
  /** Largest request body of the MCP endpoint, bytes. */
  MCP_BODY_MAX_BYTES: 4 * 1024 * 1024,
  /**
   * Answers of one request to the MCP endpoint, bytes of JSON: once the answers of a batch reach
   * this, its calls not yet run are answered with a JSON-RPC error instead (docs/decisions.md
   * "MCP batches"). The batch answer is serialised in one piece, so this bounds that step too.
   */
  MCP_ANSWER_MAX_BYTES: 4 * 1024 * 1024,
  /** A strategy's or portfolio's name, characters. */
  NAME_MAX: 200,
  /** A strategy objective or a search objective, characters. */
  OBJECTIVE_MAX: 5000,
  /** One exclusion phrase, characters. */
  EXCLUSION_MAX: 500,
  /** Exclusion phrases of one strategy. */
  EXCLUSIONS_MAX_COUNT: 100,
  /** One tag, characters. */
  TAG_MAX: 100,
  /** Tags of one resource. */
  TAGS_MAX_COUNT: 100,
  /** A portfolio's `source`, characters. */
  SOURCE_MAX: 200,
  /** A company-search query, characters. */
  QUERY_MAX: 200,
  /** A ticker symbol (a holding's `symbol`, a benchmark symbol), characters. */
  SYMBOL_MAX: 32,
  /** A holding's `exchange` (venue name or MIC), characters. */
  EXCHANGE_MAX: 64,
  /** A holding's informational `name`, characters. */
  HOLDING_NAME_MAX: 300,
  /**
   * Distinct search terms of a premade search objective that are scored (after stemming and
   * stop words); later distinct terms are ignored. Keeps a search's cost bounded whatever the
   * objective (docs/decisions.md "Request limits").
   */
  SEARCH_TERMS_MAX: 64,
  /**
   * Terms of a premade search matched fuzzily (typos), at most: the first ones of 7 letters or
   * more; later terms match exactly or by prefix only. Fuzzy matching is most of a search's cost
   * (docs/decisions.md "Premade search cost").
   */
  SEARCH_FUZZY_TERMS_MAX: 16,
  /** A portfolio's `metadata` object, bytes of its JSON text. */
  METADATA_MAX_BYTES: 64 * 1024,
  /** One holding's `raw_payload` object, bytes of its JSON text. */
  RAW_PAYLOAD_MAX_BYTES: 16 * 1024,
  /** Holdings of one portfolio or backtest. */
  HOLDINGS_MAX_COUNT: 1000,
  /** Entries kept by the recent-requests log and returned by one read of `GET /__mock/requests`. */
  REQUEST_LOG_MAX_COUNT: 500,
  /** Company ids given to an optimizer. */
  COMPANY_IDS_MAX_COUNT: 5000,
  /** Holdings of one backtest request. */
  BACKTEST_HOLDINGS_MAX_COUNT: 5000,
  /** A sandbox session's name (`X-Mock-Session`, `POST /__mock/sessions`), characters. */
  SESSION_NAME_MAX: 64,
  /**
   * How far ahead of the real time the control surface may move the mock's clock in total, ms
   * (100 years): a further `POST /__mock/clock/advance` is a 400, and a state file with a larger
   * `clockOffsetMs` is refused at start (the dates would leave what `Date` can show: a 500).
   */
  CLOCK_OFFSET_MAX_MS: 100 * 365 * 86_400_000,
  /** Free text explaining a choice (an exclusion's inclusion reason), characters. */
  REASON_MAX: 2000,
  /**
   * OAuth sign-in (`/oauth/*`, docs/decisions.md "OAuth bounds"): the `scope` of an authorization
   * request, characters (space-separated scope tokens, RFC 6749 section 3.3); over it: 400
   * `invalid_scope`.
   */
  OAUTH_SCOPE_MAX: 1000,
  /** OAuth: the `state` of an authorization request, characters (echoed to the client's redirect URI). */
  OAUTH_STATE_MAX: 1000,
  /** OAuth: the `resource` of an authorization request (RFC 8707), characters. */
  OAUTH_RESOURCE_MAX: 2000,
  /** OAuth: one registered redirect URI, characters. */
  OAUTH_REDIRECT_URI_MAX: 2000,
  /** OAuth: redirect URIs of one registered client. */
  OAUTH_REDIRECT_URIS_MAX_COUNT: 10,
  /** OAuth: a registered client's `client_name`, characters. */
  OAUTH_CLIENT_NAME_MAX: 200,
  /**
   * OAuth: registered clients kept in all. A registration past it evicts the oldest client that
   * holds no live sign-in (code or token), or is refused (429) when every one holds one.
   */
  OAUTH_CLIENTS_MAX: 1000,
  /**
   * OAuth: registered clients kept per web origin (the `Origin` of a browser request; tools that
   * send none count only against {@link LIMITS.OAUTH_CLIENTS_MAX}), evicted as that one.
   */
  OAUTH_CLIENTS_PER_ORIGIN_MAX: 100,
  /**
   * OAuth: sign-ins kept per user (a pending authorization code, or the token family issued from
   * it); the user's least recently issued goes first, never another user's.
   */
  OAUTH_SIGN_INS_PER_USER_MAX: 100,
} as const;
