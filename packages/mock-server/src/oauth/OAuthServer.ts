import type { Caller, ServiceContext } from "../app/ServiceContext.ts";

/** Lifetimes on the mock's clock (ms): authorization code, access token, refresh token. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Most registered clients, pending codes and live tokens kept; the oldest goes first. */
export const OAUTH_CAPACITY = 1000;

/** How a registered client proves itself at the token endpoint (RFC 7591 `token_endpoint_auth_method`). */
export type ClientAuthMethod = "none" | "client_secret_post" | "client_secret_basic";

/** A client registered by RFC 7591 dynamic registration. */
export interface OAuthClient {
  clientId: string;
  clientSecret?: string;
  clientName: string;
  redirectUris: string[];
  authMethod: ClientAuthMethod;
  issuedAt: number;
}

interface Grant {
  clientId: string;
  userId: string;
  scope: string;
  resource: string | undefined;
  expiresAt: number;
}

interface PendingCode extends Grant {
  redirectUri: string;
  codeChallenge: string;
}

/** An OAuth error (RFC 6749 section 5.2): the `error` code, a description and the HTTP status. */
export class OAuthError extends Error {
  override readonly name = "OAuthError";
  constructor(
    readonly code: "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope" | "invalid_redirect_uri" | "invalid_client_metadata" | "access_denied" | "unsupported_response_type",
    message: string,
    readonly status: 400 | 401 = 400,
  ) {
    super(message);
  }
}

/** The tokens the token endpoint answers (RFC 6749 section 5.1). */
export interface TokenSet {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const servers = new WeakMap<ServiceContext, OAuthServer>();

/**
 * The mock's OAuth 2.1 authorization server, beside the API keys: dynamic client registration
 * (RFC 7591), the authorization-code grant with PKCE S256 only (OAuth 2.1; RFC 7636), refresh
 * tokens that rotate on use, and the access tokens it issues accepted as bearer credentials by
 * the REST API and the MCP server alike. Sign-in is a page listing the fixture users (no password:
 * this is a mock). Everything lives in memory, per app, on the mock's clock (a fast-forward
 * expires tokens); a restart or a new session forgets clients and tokens, as a token revocation
 * would. Bounded: at most {@link OAUTH_CAPACITY} clients, codes and tokens each.
 *
 * @example
 * const oauth = oauthServerFor(ctx);
 * oauth.register({ redirect_uris: ["http://localhost:3000/cb"], token_endpoint_auth_method: "none" }).client_id // => "thm_client_…"
 */
export class OAuthServer {
  private readonly clients = new Map<string, OAuthClient>();
  private readonly codes = new Map<string, PendingCode>();
  private readonly accessTokens = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, Grant>();

  constructor(private readonly ctx: ServiceContext) {}

  /**
   * Registers a client (RFC 7591 section 3.1): `redirect_uris` (required, 1 to 10 absolute
   * `http(s)` URLs without a fragment), `client_name`, `token_endpoint_auth_method` (default
   * `client_secret_basic` per RFC 7591; `none` for a public client, which gets no secret).
   *
   * @throws OAuthError `invalid_redirect_uri` or `invalid_client_metadata`, naming the field
   */
  register(metadata: unknown): Record<string, unknown> {
    if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) throw new OAuthError("invalid_client_metadata", "the body must be a JSON object of client metadata (RFC 7591)");
    const m = metadata as Record<string, unknown>;
    const uris = m.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10) throw new OAuthError("invalid_redirect_uri", "redirect_uris must be an array of 1 to 10 URLs");
    uris.forEach((u, i) => {
      if (typeof u !== "string" || !isRedirectUri(u)) throw new OAuthError("invalid_redirect_uri", `redirect_uris[${i}] must be an absolute http(s) URL without a fragment, at most 2000 characters`);
    });
    const authMethod = m.token_endpoint_auth_method ?? "client_secret_basic";
    if (authMethod !== "none" && authMethod !== "client_secret_post" && authMethod !== "client_secret_basic") {
      throw new OAuthError("invalid_client_metadata", `token_endpoint_auth_method must be none, client_secret_post or client_secret_basic, got ${JSON.stringify(authMethod)}`);
    }
    const grantTypes = m.grant_types ?? ["authorization_code"];
    if (!Array.isArray(grantTypes) || grantTypes.some((g) => g !== "authorization_code" && g !== "refresh_token")) {
      throw new OAuthError("invalid_client_metadata", "grant_types may hold only authorization_code and refresh_token");
    }
    const name = m.client_name;
    if (name !== undefined && (typeof name !== "string" || name.length > 200)) throw new OAuthError("invalid_client_metadata", "client_name must be a string of at most 200 characters");
    const now = this.ctx.clock.now();
    const client: OAuthClient = {
      clientId: `thm_client_${randomHex()}`,
      clientName: typeof name === "string" && name.trim() !== "" ? name : "an MCP client",
      redirectUris: uris as string[],
      authMethod,
      issuedAt: now,
      ...(authMethod === "none" ? {} : { clientSecret: `thm_secret_${randomHex()}` }),
    };
    bounded(this.clients).set(client.clientId, client);
    return {
      client_id: client.clientId,
      ...(client.clientSecret === undefined ? {} : { client_secret: client.clientSecret, client_secret_expires_at: 0 }),
      client_id_issued_at: Math.floor(now / 1000),
      client_name: client.clientName,
      redirect_uris: client.redirectUris,
      token_endpoint_auth_method: client.authMethod,
      grant_types: grantTypes,
      response_types: ["code"],
    };
  }

  /**
   * Checks an authorization request (RFC 6749 section 4.1.1 with PKCE) and answers the client
   * and the redirect URI to use. Errors about the client or the redirect URI are answered to the
   * user, never redirected (RFC 6749 section 4.1.2.1).
   *
   * @throws OAuthError naming the parameter at fault
   */
  checkAuthorization(params: URLSearchParams, resourceUrl: string): { client: OAuthClient; redirectUri: string } {
    const client = this.clients.get(params.get("client_id") ?? "");
    if (client === undefined) throw new OAuthError("invalid_client", "unknown client_id: register the client first (POST /oauth/register)");
    const asked = params.get("redirect_uri");
    const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
    if (redirectUri === undefined || !client.redirectUris.includes(redirectUri)) throw new OAuthError("invalid_redirect_uri", "redirect_uri must be one the client registered");
    if (params.get("response_type") !== "code") throw new OAuthError("unsupported_response_type", "response_type must be code");
    const challenge = params.get("code_challenge");
    if (challenge === null || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) throw new OAuthError("invalid_request", "code_challenge is required (PKCE): the base64url SHA-256 of the code verifier, 43 characters");
    if ((params.get("code_challenge_method") ?? "plain") !== "S256") throw new OAuthError("invalid_request", "code_challenge_method must be S256 (plain is not allowed)");
    const resource = params.get("resource");
    if (resource !== null && !sameResource(resource, resourceUrl)) throw new OAuthError("invalid_request", `resource must be this server's MCP endpoint ${resourceUrl}`);
    return { client, redirectUri };
  }

  /** An authorization code for `userId` after the sign-in page's approval (single use, {@link CODE_TTL_MS}). */
  issueCode(params: URLSearchParams, resourceUrl: string, userId: string): { redirectUri: string; code: string } {
    const { client, redirectUri } = this.checkAuthorization(params, resourceUrl);
    const user = this.ctx.store.state.users.find((u) => u.id === userId && u.active);
    if (user === undefined) throw new OAuthError("access_denied", "choose an active user on the sign-in page");
    const code = `thm_code_${randomHex()}`;
    bounded(this.codes).set(code, {
      clientId: client.clientId,
      userId: user.id,
      redirectUri,
      codeChallenge: params.get("code_challenge") ?? "",
      scope: params.get("scope") ?? "mcp",
      resource: params.get("resource") ?? undefined,
      expiresAt: this.ctx.clock.now() + CODE_TTL_MS,
    });
    return { redirectUri, code };
  }

  /**
   * The token endpoint (RFC 6749 sections 4.1.3 and 6): `grant_type` `authorization_code`
   * (`code`, `redirect_uri`, `code_verifier`) or `refresh_token` (`refresh_token`), with the
   * client's credentials as it registered them (`client_id` alone for a public client,
   * `client_secret` in the form or HTTP Basic).
   *
   * @throws OAuthError `invalid_client` (401), `invalid_grant`, `unsupported_grant_type`, `invalid_request`
   */
  async token(form: URLSearchParams, basicAuth: { id: string; secret: string } | undefined): Promise<TokenSet> {
    const client = this.authenticateClient(form, basicAuth);
    const now = this.ctx.clock.now();
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = form.get("code") ?? "";
      const pending = this.codes.get(code);
      this.codes.delete(code); // single use, whatever happens next
      if (pending === undefined || pending.expiresAt <= now || pending.clientId !== client.clientId) throw new OAuthError("invalid_grant", "the authorization code is unknown, used, expired or another client's");
      if (form.get("redirect_uri") !== null && form.get("redirect_uri") !== pending.redirectUri) throw new OAuthError("invalid_grant", "redirect_uri differs from the authorization request's");
      const verifier = form.get("code_verifier");
      if (verifier === null || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) throw new OAuthError("invalid_request", "code_verifier is required: 43 to 128 characters of A-Z a-z 0-9 - . _ ~");
      if ((await s256(verifier)) !== pending.codeChallenge) throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge (PKCE S256)");
      return this.issueTokens(pending, now);
    }
    if (grantType === "refresh_token") {
      const token = form.get("refresh_token") ?? "";
      const grant = this.refreshTokens.get(token);
      this.refreshTokens.delete(token); // rotated on use (OAuth 2.1 section 4.3.1)
      if (grant === undefined || grant.expiresAt <= now || grant.clientId !== client.clientId) throw new OAuthError("invalid_grant", "the refresh token is unknown, used, expired or another client's");
      return this.issueTokens(grant, now);
    }
    throw new OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
  }

  /** The caller an access token stands for, or undefined for an unknown or expired token. */
  callerOf(accessToken: string): Caller | undefined {
    const grant = this.accessTokens.get(accessToken);
    if (grant === undefined) return undefined;
    if (grant.expiresAt <= this.ctx.clock.now()) {
      this.accessTokens.delete(accessToken);
      return undefined;
    }
    return { userId: grant.userId };
  }

  /** The mock's clock went back by `ms` (a reset drops its offset): codes and tokens keep the lifetime they had left, so none expired comes back. */
  clockWentBack(ms: number): void {
    for (const map of [this.codes, this.accessTokens, this.refreshTokens]) for (const grant of map.values()) grant.expiresAt -= ms;
  }

  /** The registered client, for the sign-in page. */
  client(clientId: string): OAuthClient | undefined {
    return this.clients.get(clientId);
  }

  private issueTokens(grant: Grant, now: number): TokenSet {
    const access = `thm_oat_${randomHex()}`;
    const refresh = `thm_ort_${randomHex()}`;
    const base = { clientId: grant.clientId, userId: grant.userId, scope: grant.scope, resource: grant.resource };
    bounded(this.accessTokens).set(access, { ...base, expiresAt: now + ACCESS_TOKEN_TTL_MS });
    bounded(this.refreshTokens).set(refresh, { ...base, expiresAt: now + REFRESH_TOKEN_TTL_MS });
    return { access_token: access, token_type: "Bearer", expires_in: ACCESS_TOKEN_TTL_MS / 1000, refresh_token: refresh, scope: grant.scope };
  }

  private authenticateClient(form: URLSearchParams, basic: { id: string; secret: string } | undefined): OAuthClient {
    const clientId = basic?.id ?? form.get("client_id") ?? "";
    const client = this.clients.get(clientId);
    if (client === undefined) throw new OAuthError("invalid_client", "unknown client_id", 401);
    if (client.authMethod === "none") return client;
    const secret = client.authMethod === "client_secret_basic" ? basic?.secret : form.get("client_secret");
    if (secret !== client.clientSecret) throw new OAuthError("invalid_client", `client authentication failed (this client registered ${client.authMethod})`, 401);
    return client;
  }
}

/**
 * The OAuth server of this app (created on first use).
 *
 * @example
 * oauthServerFor(ctx) === oauthServerFor(ctx) // => true
 */
export function oauthServerFor(ctx: ServiceContext): OAuthServer {
  let server = servers.get(ctx);
  if (server === undefined) servers.set(ctx, (server = new OAuthServer(ctx)));
  return server;
}

function bounded<K, V>(map: Map<K, V>): Map<K, V> {
  if (map.size >= OAUTH_CAPACITY) {
    const oldest = map.keys().next();
    if (oldest.done !== true) map.delete(oldest.value);
  }
  return map;
}

function randomHex(): string {
  return crypto.randomUUID().replace(/-/g, "") + crypto.randomUUID().replace(/-/g, "").slice(0, 16);
}

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function isRedirectUri(value: string): boolean {
  if (value.length > 2000) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hash === "";
  } catch {
    return false;
  }
}

function sameResource(asked: string, resourceUrl: string): boolean {
  const strip = (u: string) => u.replace(/\/+$/, "");
  return strip(asked) === strip(resourceUrl) || strip(asked) === strip(new URL(resourceUrl).origin);
}
