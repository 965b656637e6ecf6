import { describe, expect, it } from "vitest";
import { exchangeKey, redact } from "./RecordedExchange.ts";

describe("redact", () => {
  it("removes keys, personal fields and e-mail addresses; user ids become a stable pseudonym", () => {
    const key = "sk_live_0123456789";
    const out = redact(
      {
        api_key: key,
        owner_email: "a@b.co",
        user_id: "u-1",
        nested: [{ userId: "u-1", text: `key ${key}, mail x.y@z.org` }],
        count: 3,
      },
      [key],
    ) as Record<string, unknown>;
    expect(out.api_key).toBe("[redacted]");
    expect(out.owner_email).toBe("[redacted]");
    expect(out.count).toBe(3);
    const nested = (out.nested as Array<Record<string, string>>)[0]!;
    expect(out.user_id).toBe(nested.userId);
    expect(out.user_id).not.toBe("u-1");
    expect(nested.text).toBe("key [redacted], mail [redacted email]");
  });
});

describe("exchangeKey", () => {
  const base = {
    method: "POST",
    path: "/v1/backtest",
    query: [
      ["b", "2"],
      ["a", "1"],
    ] as Array<[string, string]>,
    body: '{"x":1,"y":2}',
    authorized: true,
  };
  it("ignores query order and JSON key order, not the values nor whether a key was sent", () => {
    expect(
      exchangeKey({
        ...base,
        query: [
          ["a", "1"],
          ["b", "2"],
        ],
        body: '{ "y": 2, "x": 1 }',
      }),
    ).toBe(exchangeKey(base));
    expect(exchangeKey({ ...base, body: '{"x":1,"y":3}' })).not.toBe(exchangeKey(base));
    expect(exchangeKey({ ...base, authorized: false })).not.toBe(exchangeKey(base));
    expect(exchangeKey({ ...base, method: "GET" })).not.toBe(exchangeKey(base));
  });
});
