import { LIMITS } from "../../schemas/limits.ts";

/** Rotated refresh tokens remembered per sign-in, to recognise their reuse; older ones are forgotten (a reuse of one is then only refused). */
export const RETIRED_REFRESH_TOKENS_KEPT = 20;

/**
 * One sign-in: the authorization code the sign-in page issued, then the token family issued from
 * it (RFC 9700 section 4.14.2): its current access and refresh tokens and the refresh tokens it
 * rotated away.
 */
export interface SignIn {
  readonly clientId: string;
  readonly userId: string;
  readonly scope: string;
  readonly resource: string | undefined;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly code: string;
  codeExpiresAt: number;
  /** True once the code was presented with its verifier (set before the verifier is checked, so a concurrent second exchange is a replay). */
  codeUsed: boolean;
  access: string | undefined;
  accessExpiresAt: number;
  refresh: string | undefined;
  refreshExpiresAt: number;
  /** Refresh tokens rotated away, oldest first, at most {@link RETIRED_REFRESH_TOKENS_KEPT}. */
  readonly retired: string[];
}

/** Until when a sign-in is worth keeping: its code's lifetime until tokens are issued, its refresh token's after. */
const liveUntil = (s: SignIn): number => (s.refresh === undefined ? s.codeExpiresAt : s.refreshExpiresAt);

/**
 * The sign-ins of one OAuth server, by every credential they hold (code, access token, refresh
 * token, rotated refresh token) and by user. Each user keeps at most
 * {@link LIMITS.OAUTH_SIGN_INS_PER_USER_MAX}: a new sign-in, or one whose tokens were just
 * issued, goes last, and past the limit the user's expired sign-ins and then the first one go,
 * never another user's. Expired sign-ins are dropped when met.
 *
 * Cost: O(1) per lookup and issue; O(the user's sign-ins) when a user is at the limit.
 * @example
 * const table = new SignInTable();
 * table.add(signIn, now); table.find(signIn.code, now) === signIn // => true
 */
export class SignInTable {
  private readonly byCredential = new Map<string, SignIn>();
  private readonly byUser = new Map<string, Set<SignIn>>();

  /** Keeps a new sign-in (its code), first dropping the user's expired or, at the limit, oldest sign-in. */
  add(signIn: SignIn, now: number): void {
    let mine = this.byUser.get(signIn.userId);
    if (mine === undefined) this.byUser.set(signIn.userId, (mine = new Set()));
    if (mine.size >= LIMITS.OAUTH_SIGN_INS_PER_USER_MAX) for (const s of mine) if (liveUntil(s) <= now) this.remove(s);
    if (mine.size >= LIMITS.OAUTH_SIGN_INS_PER_USER_MAX) this.remove(mine.values().next().value!);
    mine.add(signIn);
    this.byCredential.set(signIn.code, signIn);
  }

  /** The live sign-in holding `credential` (a code, an access token, a current or rotated refresh token), if any. */
  find(credential: string, now: number): SignIn | undefined {
    const signIn = this.byCredential.get(credential);
    if (signIn === undefined || liveUntil(signIn) > now) return signIn;
    this.remove(signIn);
    return undefined;
  }

  /**
   * Issues a new access and refresh token pair to `signIn`: the previous access token stops
   * working, the previous refresh token is remembered as rotated, and the sign-in becomes its
   * user's most recent.
   */
  issue(
    signIn: SignIn,
    tokens: { access: string; accessExpiresAt: number; refresh: string; refreshExpiresAt: number },
  ): void {
    if (signIn.access !== undefined) this.byCredential.delete(signIn.access);
    if (signIn.refresh !== undefined) {
      signIn.retired.push(signIn.refresh);
      if (signIn.retired.length > RETIRED_REFRESH_TOKENS_KEPT) this.byCredential.delete(signIn.retired.shift()!);
    }
    Object.assign(signIn, tokens);
    this.byCredential.set(tokens.access, signIn);
    this.byCredential.set(tokens.refresh, signIn);
    const mine = this.byUser.get(signIn.userId)!;
    mine.delete(signIn);
    mine.add(signIn);
  }

  /** True while `signIn` is kept (not revoked, evicted or expired away). */
  holds(signIn: SignIn): boolean {
    return this.byCredential.get(signIn.code) === signIn;
  }

  /** Forgets a sign-in and every credential it holds (a revocation). */
  remove(signIn: SignIn): void {
    for (const credential of [signIn.code, signIn.access, signIn.refresh, ...signIn.retired]) {
      if (credential !== undefined && this.byCredential.get(credential) === signIn)
        this.byCredential.delete(credential);
    }
    this.byUser.get(signIn.userId)?.delete(signIn); // an emptied set stays: users are few (the store's)
  }

  /** The clients holding a live sign-in (a pending code or live tokens), after dropping expired sign-ins. Cost: O(sign-ins). */
  clientsInUse(now: number): Set<string> {
    const inUse = new Set<string>();
    for (const mine of [...this.byUser.values()]) {
      for (const s of mine) {
        if (liveUntil(s) <= now) this.remove(s);
        else inUse.add(s.clientId);
      }
    }
    return inUse;
  }

  /** Moves every expiry back by `ms` (the mock's clock went back by as much), so each code and token keeps the lifetime it had left. Cost: O(sign-ins). */
  shiftExpiries(ms: number): void {
    for (const mine of this.byUser.values()) {
      for (const s of mine) {
        s.codeExpiresAt -= ms;
        s.accessExpiresAt -= ms;
        s.refreshExpiresAt -= ms;
      }
    }
  }
}
