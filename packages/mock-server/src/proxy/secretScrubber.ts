import { MIN_SECRET_LENGTH, REDACTED } from "./redactText.ts";

/** Cuts known secret values out of text and bytes. */
export interface SecretScrubber {
  /** `text` with every occurrence of a secret (as is or percent-encoded) replaced by `[redacted]`, even inside a longer value. */
  text(text: string): string;
  /** `bytes` with every occurrence of a secret's UTF-8 bytes overwritten by as many `*` (the length kept: offsets inside a binary file stay valid). */
  bytes(bytes: Uint8Array): Uint8Array;
  /** A copy of a JSON value with {@link SecretScrubber.text} applied to every string, property names included. */
  json(value: unknown): unknown;
}

/** Longest secret looked for (a longer value found under a secret name was cut where it stood; it is not looked for elsewhere). */
export const MAX_SECRET_LENGTH = 1024;

/** Most secrets looked for, the first given first (the known keys, then those found): a hostile answer with a million secret-named fields does not make a million-branch expression. */
export const MAX_SECRETS = 1000;

/**
 * A scrubber of `secrets` (API keys the mock knows, the caller's `Authorization`, values found
 * under secret names): those shorter than {@link MIN_SECRET_LENGTH} are ignored, as cutting them
 * would cut ordinary words, as are those longer than {@link MAX_SECRET_LENGTH} and any beyond the
 * first {@link MAX_SECRETS}. One pass over a text, whatever the number of secrets (one regular
 * expression, longest secret first).
 *
 * @example
 * secretScrubber(["sk_live_0123456789"]).text("key=sk_live_0123456789!") // => "key=[redacted]!"
 */
export function secretScrubber(secrets: Iterable<string>): SecretScrubber {
  const unique = new Set<string>();
  for (const secret of secrets) {
    if (unique.size >= MAX_SECRETS) break;
    if (secret.length < MIN_SECRET_LENGTH || secret.length > MAX_SECRET_LENGTH || secret === REDACTED) continue;
    unique.add(secret);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) unique.add(encoded);
  }
  const list = [...unique].sort((a, b) => b.length - a.length);
  if (list.length === 0) return { text: (t) => t, bytes: (b) => b, json: (v) => v };
  const pattern = new RegExp(list.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  const encoder = new TextEncoder();
  const needles = list.map((s) => encoder.encode(s));
  const text = (t: string): string => (t.length < MIN_SECRET_LENGTH ? t : t.replace(pattern, REDACTED));
  const json = (v: unknown): unknown => {
    if (typeof v === "string") return text(v);
    if (Array.isArray(v)) return v.map(json);
    if (typeof v === "object" && v !== null)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), json(x)]));
    return v;
  };
  return {
    text,
    json,
    bytes(bytes) {
      let out: Uint8Array | undefined;
      for (const needle of needles) {
        for (
          let at = bytes.indexOf(needle[0]!);
          at !== -1 && at + needle.length <= bytes.length;
          at = bytes.indexOf(needle[0]!, at + 1)
        ) {
          let same = true;
          for (let j = 1; j < needle.length && same; j++) same = bytes[at + j] === needle[j];
          if (!same) continue;
          out ??= bytes.slice();
          out.fill(0x2a, at, at + needle.length);
        }
      }
      return out ?? bytes;
    },
  };
}
