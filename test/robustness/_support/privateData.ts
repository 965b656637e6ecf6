// What a user must never see of another user's data: private strategies (ids, names, objectives,
// versions), the non-active versions of public strategies, private portfolios (ids, names), and
// every user's API key and e-mail.
import type { World } from "./world.ts";

/** Strings that must not appear in any response to `viewerId`, with what each one is. */
export function privateStrings(world: World, viewerId: string): Map<string, string> {
  const u = world.universe;
  const secrets = new Map<string, string>();
  const publicText = new Set<string>();
  for (const p of u.premadeStrategies) [p.name, p.objective].forEach((s) => publicText.add(s));
  for (const s of u.userStrategies) {
    if (s.userId === viewerId || !s.public || s.archivedAt !== null) continue;
    const active = s.versions.find((v) => v.id === s.activeVersionId);
    [s.id, s.name, s.objective, ...s.exclusions, active?.id, active?.objective, ...(active?.exclusions ?? [])].forEach(
      (x) => x !== undefined && publicText.add(x),
    );
  }
  const add = (value: string | undefined, what: string) => {
    if (value !== undefined && value.length >= 8 && !publicText.has(value)) secrets.set(value, what);
  };
  for (const s of u.userStrategies) {
    if (s.userId === viewerId) continue;
    if (!s.public || s.archivedAt !== null) {
      add(s.id, `id of private strategy "${s.name}"`);
      add(s.name, "name of a private strategy");
      add(s.objective, `objective of private strategy "${s.name}"`);
      for (const v of s.versions) {
        add(v.id, `version of private strategy "${s.name}"`);
        add(v.objective, `version objective of private strategy "${s.name}"`);
      }
    } else {
      for (const v of s.versions.filter((x) => x.id !== s.activeVersionId)) {
        add(v.id, `non-active version of public strategy "${s.name}"`);
        add(v.objective, `non-active version objective of public strategy "${s.name}"`);
      }
    }
  }
  for (const p of u.portfolios) {
    if (p.userId === viewerId || p.public) continue;
    add(p.id, `id of private portfolio "${p.name}"`);
    add(p.name, "name of a private portfolio");
  }
  for (const user of u.users) {
    add(user.apiKey, `API key of ${user.name}`);
    if (user.id !== viewerId) add(user.email, `e-mail of ${user.name}`);
  }
  return secrets;
}

/**
 * Leaks in a response body to `viewerId`: private strings of others (except those the request
 * itself carried, `sent`: a 404 may name the id it was asked for), and a portfolio (an object
 * with `user_id` and `metadata`) whose `user_id` is neither null nor the viewer's.
 */
export function leaks(
  text: string,
  json: unknown,
  secrets: ReadonlyMap<string, string>,
  viewerId: string,
  sent = "",
): string[] {
  const found: string[] = [];
  for (const [secret, what] of secrets)
    if (text.includes(secret) && !sent.includes(secret)) found.push(`leaks the ${what}`);
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "object" && v !== null) {
      const o = v as Record<string, unknown>;
      if ("user_id" in o && "metadata" in o && o.user_id !== null && o.user_id !== viewerId)
        found.push(`portfolio ${String(o.id)} shows user_id ${String(o.user_id)} to a non-owner`);
      Object.values(o).forEach(walk);
    }
  };
  walk(json);
  return found;
}
