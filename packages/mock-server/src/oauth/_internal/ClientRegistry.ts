import { LIMITS } from "../../schemas/limits.ts";
import { OAuthError } from "../OAuthError.ts";
import type { ClientMetadata } from "./clientMetadata.ts";
import { quoted } from "./quoted.ts";

/** A client registered by RFC 7591 dynamic registration. */
export interface OAuthClient extends ClientMetadata {
  clientId: string;
  clientSecret?: string;
  /** As shown on the sign-in page: the registered name, or a generic one. */
  clientName: string;
  issuedAt: number;
  /** The web origin that registered it (lower case), or undefined for a tool that sent no `Origin`. */
  origin: string | undefined;
}

/**
 * The registered clients of one OAuth server, in registration order: at most
 * {@link LIMITS.OAUTH_CLIENTS_MAX} in all and {@link LIMITS.OAUTH_CLIENTS_PER_ORIGIN_MAX} per web
 * origin. A registration past a limit evicts the oldest client within it that holds no live
 * sign-in; when every one holds one it is refused (429 `temporarily_unavailable`), so no burst of
 * registrations ever signs a user's client out.
 *
 * Cost: O(1) per registration below the limits; O(clients + sign-ins) at a limit.
 * @example
 * registry.add(client, () => new Set()); registry.get(client.clientId) === client // => true
 */
export class ClientRegistry {
  private readonly clients = new Map<string, OAuthClient>();
  private readonly byOrigin = new Map<string, Set<string>>();

  get(clientId: string): OAuthClient | undefined {
    return this.clients.get(clientId);
  }

  /**
   * Keeps `client`, first evicting an idle client where a limit is reached.
   *
   * @param inUse the ids of the clients holding a live sign-in (asked only at a limit)
   * @throws OAuthError 429 `temporarily_unavailable` when every client within the limit holds a live sign-in
   */
  add(client: OAuthClient, inUse: () => ReadonlySet<string>): void {
    let busy: ReadonlySet<string> | undefined;
    const oldestIdle = (ids: Iterable<string>, refusal: string): string => {
      busy ??= inUse();
      for (const id of ids) if (!busy.has(id)) return id;
      throw new OAuthError(
        "temporarily_unavailable",
        `${refusal}, and every one holds a live sign-in: reuse a registered client_id, or retry once a sign-in expires`,
        429,
      );
    };
    const mine = client.origin === undefined ? undefined : this.byOrigin.get(client.origin);
    let victim: string | undefined;
    if (mine !== undefined && mine.size >= LIMITS.OAUTH_CLIENTS_PER_ORIGIN_MAX) {
      victim = oldestIdle(
        mine,
        `${LIMITS.OAUTH_CLIENTS_PER_ORIGIN_MAX} clients are registered from ${quoted(client.origin)} (LIMITS.OAUTH_CLIENTS_PER_ORIGIN_MAX)`,
      );
    } else if (this.clients.size >= LIMITS.OAUTH_CLIENTS_MAX) {
      victim = oldestIdle(
        this.clients.keys(),
        `${LIMITS.OAUTH_CLIENTS_MAX} clients are registered (LIMITS.OAUTH_CLIENTS_MAX)`,
      );
    }
    if (victim !== undefined) this.evict(victim);
    this.clients.set(client.clientId, client);
    if (client.origin !== undefined) {
      let set = this.byOrigin.get(client.origin);
      if (set === undefined) this.byOrigin.set(client.origin, (set = new Set()));
      set.add(client.clientId);
    }
  }

  private evict(clientId: string): void {
    const client = this.clients.get(clientId);
    this.clients.delete(clientId);
    if (client?.origin === undefined) return;
    const mine = this.byOrigin.get(client.origin);
    mine?.delete(clientId);
    if (mine?.size === 0) this.byOrigin.delete(client.origin);
  }
}
