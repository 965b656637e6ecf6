import { onClockRewind } from "../context/clockRewinds.ts";
import type { Caller, ServiceContext } from "../context/ServiceContext.ts";
import { authorizationFields } from "./_internal/authorizationFields.ts";
import { ClientRegistry, type OAuthClient } from "./_internal/ClientRegistry.ts";
import { clientMetadata } from "./_internal/clientMetadata.ts";
import { type SignIn, SignInTable } from "./_internal/SignInTable.ts";
import { OAuthError } from "./OAuthError.ts";

export type { ClientAuthMethod } from "./_internal/clientMetadata.ts";
export type { OAuthClient } from "./_internal/ClientRegistry.ts";
export { OAuthError } from "./OAuthError.ts";

/** Lifetimes on the mock's clock (ms): authorization code, access token, refresh token. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

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
 * would.
 *
 * Bounded (docs/decisions.md "OAuth bounds"): every value it keeps or echoes has a `LIMITS.OAUTH_*`
 * length; registered clients are capped in all and per web origin, and a registration never
 * evicts a client holding a live sign-in; sign-ins are capped per user, a user's own oldest going
 * first. Replays revoke (RFC 9700 sections 2.1.1 and 4.14.2): a used code presented again revokes
 * the tokens issued from it, and a rotated refresh token presented again revokes its whole family.
 *
 * @example
 * const oauth = oauthServerFor(ctx);
 * oauth.register({ redirect_uris: ["http://localhost:3000/cb"], token_endpoint_auth_method: "none" }).client_id // => "thm_client_…"
 */
export class OAuthServer {
  private readonly clients = new ClientRegistry();
  private readonly signIns = new SignInTable();

  constructor(private readonly ctx: ServiceContext) {}

  /**
   * Registers a client (RFC 7591 section 3.1) from its metadata (see `clientMetadata`): a public
   * client (`token_endpoint_auth_method` `none`) gets no secret. `origin` is the web origin that
   * asks (`registrationOrigin`), counted against its own cap; undefined for a tool.
   *
   * @throws OAuthError `invalid_redirect_uri` or `invalid_client_metadata` naming the field; 429 `temporarily_unavailable` when full
   */
  register(metadata: unknown, origin?: string): Record<string, unknown> {
    const m = clientMetadata(metadata);
    const now = this.ctx.clock.now();
    const client: OAuthClient = {
      ...m,
      clientId: `thm_client_${randomHex()}`,
      clientName: m.clientName ?? "an MCP client",
      issuedAt: now,
      origin,
      ...(m.authMethod === "none" ? {} : { clientSecret: `thm_secret_${randomHex()}` }),
    };
    this.clients.add(client, () => this.signIns.clientsInUse(this.ctx.clock.now()));
    return {
      client_id: client.clientId,
      ...(client.clientSecret === undefined ? {} : { client_secret: client.clientSecret, client_secret_expires_at: 0 }),
      client_id_issued_at: Math.floor(now / 1000),
      client_name: client.clientName,
      redirect_uris: client.redirectUris,
      token_endpoint_auth_method: client.authMethod,
      grant_types: client.grantTypes,
      response_types: ["code"],
    };
  }

  /**
   * Checks an authorization request (RFC 6749 section 4.1.1 with PKCE) and answers the client
   * and the redirect URI to use. Errors about the client or the redirect URI are answered to the
   * user, never redirected (RFC 6749 section 4.1.2.1). `state`, `scope` and `resource` are bounded
   * (`authorizationFields`).
   *
   * @throws OAuthError naming the parameter at fault
   */
  checkAuthorization(
    params: URLSearchParams,
    resourceUrl: string,
  ): { client: OAuthClient; redirectUri: string; scope: string; resource: string | undefined } {
    const client = this.clients.get(params.get("client_id") ?? "");
    if (client === undefined)
      throw new OAuthError("invalid_client", "unknown client_id: register the client first (POST /oauth/register)");
    const asked = params.get("redirect_uri");
    const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
    if (redirectUri === undefined || !client.redirectUris.includes(redirectUri))
      throw new OAuthError("invalid_redirect_uri", "redirect_uri must be one the client registered");
    if (params.get("response_type") !== "code")
      throw new OAuthError("unsupported_response_type", "response_type must be code");
    const challenge = params.get("code_challenge");
    if (challenge === null || !/^[A-Za-z0-9_-]{43}$/.test(challenge))
      throw new OAuthError(
        "invalid_request",
        "code_challenge is required (PKCE): the base64url SHA-256 of the code verifier, 43 characters",
      );
    if ((params.get("code_challenge_method") ?? "plain") !== "S256")
      throw new OAuthError("invalid_request", "code_challenge_method must be S256 (plain is not allowed)");
    const { scope, resource } = authorizationFields(params, resourceUrl);
    return { client, redirectUri, scope, resource };
  }

  /**
   * An authorization code for `userId` after the sign-in page's approval (single use,
   * {@link CODE_TTL_MS}); it counts as one of the user's sign-ins from now on.
   */
  issueCode(params: URLSearchParams, resourceUrl: string, userId: string): { redirectUri: string; code: string } {
    const { client, redirectUri, scope, resource } = this.checkAuthorization(params, resourceUrl);
    const user = this.ctx.store.state.users.find((u) => u.id === userId && u.active);
    if (user === undefined) throw new OAuthError("access_denied", "choose an active user on the sign-in page");
    const code = `thm_code_${randomHex()}`;
    const now = this.ctx.clock.now();
    this.signIns.add(
      {
        clientId: client.clientId,
        userId: user.id,
        redirectUri,
        codeChallenge: params.get("code_challenge") ?? "",
        scope,
        resource,
        code,
        codeExpiresAt: now + CODE_TTL_MS,
        codeUsed: false,
        access: undefined,
        accessExpiresAt: 0,
        refresh: undefined,
        refreshExpiresAt: 0,
        retired: [],
      },
      now,
    );
    return { redirectUri, code };
  }

  /**
   * The token endpoint (RFC 6749 sections 4.1.3 and 6): `grant_type` `authorization_code`
   * (`code`, `redirect_uri`, `code_verifier`) or `refresh_token` (`refresh_token`), with the
   * client's credentials as it registered them (`client_id` alone for a public client,
   * `client_secret` in the form or HTTP Basic). A code is single use: presented again, it revokes
   * the tokens issued from it. A refresh token rotates (and the previous access token stops
   * working): a rotated one presented again revokes its whole token family. Another client's code
   * or refresh token is refused and left alone.
   *
   * @throws OAuthError `invalid_client` (401), `invalid_grant`, `unsupported_grant_type`, `invalid_request`
   */
  async token(form: URLSearchParams, basicAuth: { id: string; secret: string } | undefined): Promise<TokenSet> {
    const client = this.authenticateClient(form, basicAuth);
    const now = this.ctx.clock.now();
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = form.get("code") ?? "";
      const signIn = this.signIns.find(code, now);
      if (signIn === undefined || signIn.code !== code || signIn.clientId !== client.clientId)
        throw new OAuthError("invalid_grant", "the authorization code is unknown, expired or another client's");
      if (signIn.codeUsed) {
        this.signIns.remove(signIn);
        throw new OAuthError(
          "invalid_grant",
          "the authorization code was already used: the tokens issued from it are revoked (RFC 9700 section 4.14.2); sign in again",
        );
      }
      signIn.codeUsed = true; // claimed before the digest below: a concurrent second exchange is a replay
      const verifier = form.get("code_verifier");
      try {
        if (form.get("redirect_uri") !== null && form.get("redirect_uri") !== signIn.redirectUri)
          throw new OAuthError("invalid_grant", "redirect_uri differs from the authorization request's");
        if (verifier === null || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier))
          throw new OAuthError(
            "invalid_request",
            "code_verifier is required: 43 to 128 characters of A-Z a-z 0-9 - . _ ~",
          );
        if ((await s256(verifier)) !== signIn.codeChallenge)
          throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge (PKCE S256)");
      } catch (error) {
        this.signIns.remove(signIn); // single use, whatever went wrong
        throw error;
      }
      if (!this.signIns.holds(signIn))
        throw new OAuthError(
          "invalid_grant",
          "the authorization code was revoked while it was being exchanged (presented twice); sign in again",
        );
      return this.issueTokens(signIn, now);
    }
    if (grantType === "refresh_token") {
      const token = form.get("refresh_token") ?? "";
      const signIn = this.signIns.find(token, now);
      const current = signIn?.refresh === token;
      if (
        signIn === undefined ||
        (!current && !signIn.retired.includes(token)) ||
        signIn.clientId !== client.clientId
      ) {
        throw new OAuthError("invalid_grant", "the refresh token is unknown, expired or another client's");
      }
      if (!current) {
        this.signIns.remove(signIn);
        throw new OAuthError(
          "invalid_grant",
          "the refresh token was already used: every token issued from its sign-in is revoked (RFC 9700 section 4.14.2); sign in again",
        );
      }
      return this.issueTokens(signIn, now);
    }
    throw new OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
  }

  /** The caller an access token stands for, or undefined for an unknown, expired, rotated or revoked token. */
  callerOf(accessToken: string): Caller | undefined {
    const now = this.ctx.clock.now();
    const signIn = this.signIns.find(accessToken, now);
    if (signIn === undefined || signIn.access !== accessToken || signIn.accessExpiresAt <= now) return undefined;
    return { userId: signIn.userId };
  }

  /** The mock's clock went back by `ms` (a reset drops its offset): codes and tokens keep the lifetime they had left, so none expired comes back. */
  clockWentBack(ms: number): void {
    this.signIns.shiftExpiries(ms);
  }

  /** The registered client, for the sign-in page. */
  client(clientId: string): OAuthClient | undefined {
    return this.clients.get(clientId);
  }

  private issueTokens(signIn: SignIn, now: number): TokenSet {
    const access = `thm_oat_${randomHex()}`;
    const refresh = `thm_ort_${randomHex()}`;
    this.signIns.issue(signIn, {
      access,
      accessExpiresAt: now + ACCESS_TOKEN_TTL_MS,
      refresh,
      refreshExpiresAt: now + REFRESH_TOKEN_TTL_MS,
    });
    return {
      access_token: access,
      token_type: "Bearer",
      expires_in: ACCESS_TOKEN_TTL_MS / 1000,
      refresh_token: refresh,
      scope: signIn.scope,
    };
  }

  private authenticateClient(form: URLSearchParams, basic: { id: string; secret: string } | undefined): OAuthClient {
    const clientId = basic?.id ?? form.get("client_id") ?? "";
    const client = this.clients.get(clientId);
    if (client === undefined) throw new OAuthError("invalid_client", "unknown client_id", 401);
    if (client.authMethod === "none") return client;
    const secret = client.authMethod === "client_secret_basic" ? basic?.secret : form.get("client_secret");
    if (secret !== client.clientSecret)
      throw new OAuthError(
        "invalid_client",
        `client authentication failed (this client registered ${client.authMethod})`,
        401,
      );
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
  if (server === undefined) {
    const created = new OAuthServer(ctx);
    servers.set(ctx, (server = created));
    onClockRewind(ctx, (ms) => created.clockWentBack(ms));
  }
  return server;
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
