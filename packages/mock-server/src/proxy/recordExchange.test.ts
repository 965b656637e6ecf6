import { describe, expect, it } from "vitest";
import { createMock } from "../app/createApp.ts";
import { isPersonalName, isSecretName } from "./isSecretName.ts";
import type { RecordedExchange } from "./RecordedExchange.ts";
import { recordingFileName } from "../adapters/node/recordingDir.ts";
import { type ExchangeOnTheWire, recordExchange } from "./recordExchange.ts";

/** Secret names as services spell them. */
const SPELLINGS = [
  "api_key",
  "apiKey",
  "api-key",
  "X-Api-Key",
  "APIKEY",
  "api_keys",
  "apiKeys",
  "x_api_keys",
  "access_token",
  "accessToken",
  "refresh_token",
  "id_token",
  "idToken",
  "session_token",
  "sessionToken",
  "auth_token",
  "authToken",
  "X-Auth-Token",
  "token",
  "TOKEN",
  "secret",
  "client_secret",
  "clientSecret",
  "secret_key",
  "secretKey",
  "SECRET_KEY",
  "aws_secret_access_key",
  "password",
  "Password",
  "passwd",
  "pwd",
  "newPassword",
  "passphrase",
  "credentials",
  "signature",
  "X-Amz-Signature",
  "sig",
  "code_verifier",
  "codeVerifier",
  "session",
  "sessionid",
  "JSESSIONID",
  "PHPSESSID",
  "csrf_token",
  "X-XSRF-TOKEN",
  "private_key",
  "privateKey",
  "access_key",
  "bearer",
  "jwt",
  "otp",
  "pin",
  "authorization",
  "auth",
  "user_key",
  "key",
];

/** Names that only look like secrets, with values that must survive. */
const NOT_SECRET: Record<string, string> = {
  keywords: "clean energy",
  monkey: "banana",
  key_metrics: "sharpe",
  keyId: "k-17",
  sort_key: "name",
  author: "research desk",
  authority: "ESMA",
  token_type: "Bearer",
  expires_in: "3600",
  strategy_name: "Water 2030",
  description: "signals for the design of a tokenless portfolio",
  carbon_footprint: "12.5",
  secretary: "board",
  pinned: "yes",
  sector: "Basic Materials",
  signal_strength: "0.8",
};

/** A value unique to one spelling in one place, so that a failure names both. */
const secretOf = (spelling: number, place: string): string => `Zq${spelling}${place}7Hv91mXo`;

/** Every text a recording holds: its JSON, its file name and its body decoded. */
function everything(recording: RecordedExchange): string {
  const body =
    recording.response.bodyBase64 === undefined
      ? ""
      : new TextDecoder().decode(Uint8Array.from(atob(recording.response.bodyBase64), (c) => c.charCodeAt(0)));
  return `${JSON.stringify(recording)}\n${recordingFileName(recording)}\n${body}`;
}

type Place = (name: string, value: string) => ExchangeOnTheWire;
const get = (over: Partial<ExchangeOnTheWire["request"]> = {}): ExchangeOnTheWire["request"] => ({
  method: "GET",
  path: "/v1/strategies",
  query: [],
  headers: [],
  body: "",
  ...over,
});
const answer = (
  contentType: string,
  body: string,
  headers: Array<[string, string]> = [],
): ExchangeOnTheWire["response"] => ({
  status: 200,
  headers: [["content-type", contentType], ...headers],
  body: new TextEncoder().encode(body),
});
const json = (value: unknown): ExchangeOnTheWire["response"] => answer("application/json", JSON.stringify(value));

const PLACES: Record<string, Place> = {
  "JSON body, nested": (n, v) => ({
    request: get(),
    response: json({ data: { items: [{ id: 1, profile: { [n]: v } }] } }),
  }),
  "JSON body, array value": (n, v) => ({ request: get(), response: json({ [n]: [v, "second"] }) }),
  "JSON body, number value": (n, v) => ({
    request: get(),
    response: json({ list: [{ [n]: Number(`9${v.replace(/\D/g, "")}`) }] }),
  }),
  "JSON string holding JSON": (n, v) => ({ request: get(), response: json({ note: JSON.stringify({ [n]: v }) }) }),
  "unparsable JSON": (n, v) => ({
    request: get(),
    response: answer("application/json; charset=utf-8", `{"ok": true, "${n}": "${v}", "more": [1, 2`),
  }),
  "unparsable JSON, unquoted value": (n, v) => ({
    request: get(),
    response: answer("application/json", `{"${n}": ${v}, "x": }`),
  }),
  "unparsable JSON, array value": (n, v) => ({
    request: get(),
    response: answer("application/json", `{"${n}": ["${v}", "b"], "x": `),
  }),
  "text body, name: value": (n, v) => ({
    request: get(),
    response: answer("text/plain", `status ok\n${n}: ${v}\nbye`),
  }),
  "text body, name=value": (n, v) => ({ request: get(), response: answer("text/plain", `export ${n}=${v}\n`) }),
  "HTML body, escaped JSON": (n, v) => ({
    request: get(),
    response: answer("text/html", `<script>var s = "{\\"${n}\\":\\"${v}\\"}";</script>`),
  }),
  "XML body": (n, v) => ({
    request: get(),
    response: answer("application/xml", `<r><${n.replace(/[^\w-]/g, "")}>${v}</${n.replace(/[^\w-]/g, "")}></r>`),
  }),
  "body without a content type": (n, v) => ({
    request: get(),
    response: { status: 200, headers: [], body: new TextEncoder().encode(`${n}=${v}`) },
  }),
  "form body (request)": (n, v) => ({
    request: get({
      method: "POST",
      headers: [["content-type", "application/x-www-form-urlencoded"]],
      body: `grant_type=x&${encodeURIComponent(n)}=${v}&lang=en`,
    }),
    response: json({}),
  }),
  "JSON body (request)": (n, v) => ({
    request: get({
      method: "POST",
      headers: [["content-type", "application/json"]],
      body: JSON.stringify({ outer: [{ [n]: v }] }),
    }),
    response: json({}),
  }),
  "multipart body (request)": (n, v) => ({
    request: get({
      method: "POST",
      headers: [["content-type", "multipart/form-data; boundary=XyZ"]],
      body: `--XyZ\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n--XyZ--\r\n`,
    }),
    response: json({}),
  }),
  "request header": (n, v) => ({ request: get({ headers: [[n, v]] }), response: json({}) }),
  "response header": (n, v) => ({ request: get(), response: answer("application/json", "{}", [[n, v]]) }),
  "Cookie header": (n, v) => ({ request: get({ headers: [["cookie", `theme=dark; ${n}=${v}`]] }), response: json({}) }),
  "Set-Cookie header": (n, v) => ({
    request: get(),
    response: answer("application/json", "{}", [["set-cookie", `${n}=${v}; Path=/; HttpOnly`]]),
  }),
  "Location query string": (n, v) => ({
    request: get(),
    response: {
      status: 302,
      headers: [["location", `https://files.example.com/f.pdf?expires=1&${encodeURIComponent(n)}=${v}&page=2`]],
      body: new Uint8Array(),
    },
  }),
  "Location fragment": (n, v) => ({
    request: get(),
    response: { status: 302, headers: [["location", `/callback#state=s1&${n}=${v}`]], body: new Uint8Array() },
  }),
  "Link header": (n, v) => ({
    request: get(),
    response: answer("application/json", "[]", [["link", `</v1/strategies?${n}=${v}>; rel="next"`]]),
  }),
  "request query string": (n, v) => ({
    request: get({
      query: [
        ["page", "2"],
        [n, v],
      ],
    }),
    response: json({}),
  }),
};

describe("recordExchange: every spelling of a secret, in every place", () => {
  for (const [place, make] of Object.entries(PLACES)) {
    it(place, () => {
      const survived: string[] = [];
      SPELLINGS.forEach((name, i) => {
        const secret = secretOf(i, place.replace(/\W/g, ""));
        const recording = recordExchange(make(name, secret), [], "2025-06-01T00:00:00.000Z");
        const text = everything(recording);
        const digits = secret.replace(/\D/g, "");
        if (text.includes(secret) || (place === "JSON body, number value" && text.includes(`9${digits}`)))
          survived.push(name);
      });
      expect(survived).toEqual([]);
    });
  }
});

describe("recordExchange: known keys and found secrets are cut out everywhere, even inside other values", () => {
  const caller = "tok_caller_ABCDEFGH123";
  const other = "sk_other_user_key_9876";
  const exchange: ExchangeOnTheWire = {
    request: {
      method: "POST",
      path: `/v1/keys/${other}`,
      query: [["q", `prefix-${other}-suffix`]],
      headers: [
        ["authorization", `Bearer ${caller}`],
        ["content-type", "text/plain"],
      ],
      body: `hello ${other}`,
    },
    response: {
      status: 302,
      headers: [
        ["content-type", "application/octet-stream"],
        ["location", `/v1/next/${encodeURIComponent(other)}`],
        ["x-note", `issued-to:${caller}!`],
      ],
      body: new Uint8Array([0, 1, 2, ...new TextEncoder().encode(`xx${other}yy${caller}`), 0, 255]),
    },
  };
  const recording = recordExchange(exchange, [other, "sk_unused_key_0000"], "2025-06-01T00:00:00.000Z");

  it("neither the caller's key nor another user's key appears in the recording, its file name or its binary body", () => {
    const text = everything(recording);
    expect(text).not.toContain(caller);
    expect(text).not.toContain(other);
    expect(recording.request.headers).toContainEqual(["authorization", "Bearer [redacted]"]);
    expect(recording.request.query).toEqual([["q", "prefix-[redacted]-suffix"]]);
  });

  it("a binary body keeps its length (the key is masked byte for byte)", () => {
    const bytes = Uint8Array.from(atob(recording.response.bodyBase64!), (c) => c.charCodeAt(0));
    expect(bytes.length).toBe(exchange.response.body.length);
    expect([bytes[0], bytes.at(-1)]).toEqual([0, 255]);
  });

  it("a token the answer gives under a secret name is cut out of its other fields too", () => {
    const issued = "at_9f8e7d6c5b4a";
    const r = recordExchange(
      {
        request: get(),
        response: json({ access_token: issued, message: `use ${issued} from now on`, token_type: "Bearer" }),
      },
      [],
      "2025-06-01T00:00:00.000Z",
    );
    expect(r.response.json).toEqual({
      access_token: "[redacted]",
      message: "use [redacted] from now on",
      token_type: "Bearer",
    });
  });
});

describe("recordExchange: no over-redaction", () => {
  const pairs = Object.entries(NOT_SECRET);
  const cases: Record<string, ExchangeOnTheWire> = {
    "JSON body": { request: get(), response: json({ nested: [Object.fromEntries(pairs)] }) },
    "text body": { request: get(), response: answer("text/plain", pairs.map(([n, v]) => `${n}: ${v}`).join("\n")) },
    "form body": {
      request: get({
        method: "POST",
        headers: [["content-type", "application/x-www-form-urlencoded"]],
        body: new URLSearchParams(pairs).toString(),
      }),
      response: json({}),
    },
    "query string": { request: get({ query: pairs }), response: json({}) },
    headers: { request: get({ headers: pairs.map(([n, v]) => [`x-${n}`, v]) }), response: json({}) },
    Location: {
      request: get(),
      response: {
        status: 302,
        headers: [["location", `/v1/next?${new URLSearchParams(pairs).toString()}`]],
        body: new Uint8Array(),
      },
    },
  };
  for (const [place, exchange] of Object.entries(cases)) {
    it(`${place}: every value survives`, () => {
      const recording = recordExchange(exchange, [], "2025-06-01T00:00:00.000Z");
      const text = everything(recording);
      const lost = pairs
        .filter(([, v]) => !text.includes(v) && !text.includes(new URLSearchParams({ v }).toString().slice(2)))
        .map(([n]) => n);
      expect(lost).toEqual([]);
      expect(text).not.toContain("[redacted]");
    });
  }

  it("of the mock's own documented fields and parameters, only the presigned address's `signature` reads as secret or personal", async () => {
    const { app } = createMock({ quiet: true });
    const doc = (await (await app.request("/openapi.json")).json()) as unknown;
    const names = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) {
        v.forEach(walk);
        return;
      }
      if (typeof v !== "object" || v === null) return;
      const o = v as Record<string, unknown>;
      if (typeof o.properties === "object" && o.properties !== null)
        for (const k of Object.keys(o.properties)) names.add(k);
      if (Array.isArray(o.parameters))
        for (const p of o.parameters as Array<{ name?: unknown }>) if (typeof p?.name === "string") names.add(p.name);
      Object.values(o).forEach(walk);
    };
    walk(doc);
    expect(names.size).toBeGreaterThan(100);
    expect([...names].filter((n) => isSecretName(n, "url") || isPersonalName(n))).toEqual(["signature"]);
  });
});

describe("recordExchange", () => {
  it("keeps what replay needs: the key of the request as sent, status, content type, JSON, a redirect's path", () => {
    const exchange: ExchangeOnTheWire = {
      request: get({
        query: [
          ["scope", "user"],
          ["api_key", "sk_live_0123456789"],
        ],
      }),
      response: {
        status: 302,
        headers: [["location", "/v1/strategies/42/factsheet.pdf?expires=17&signature=abcdef0123456789"]],
        body: new Uint8Array(),
      },
    };
    const recording = recordExchange(exchange, [], "2025-06-01T00:00:00.000Z");
    expect(recording.request.query).toEqual([
      ["scope", "user"],
      ["api_key", "[redacted]"],
    ]);
    expect(recording.response).toEqual({
      status: 302,
      contentType: null,
      location: "/v1/strategies/42/factsheet.pdf?expires=17&signature=[redacted]",
    });
    expect(recording.key).not.toBe(
      recordExchange(
        {
          ...exchange,
          request: get({
            query: [
              ["scope", "user"],
              ["api_key", "other"],
            ],
          }),
        },
        [],
        "x",
      ).key,
    );
  });
});

describe("recordExchange on hostile answers", () => {
  it("a long single line after `password:` loses one word, not the rest of the line", () => {
    const prose = "a long line of prose ".repeat(50_000);
    const r = recordExchange(
      { request: get(), response: answer("text/plain", `password: hunter22 ${prose}`) },
      [],
      "x",
    );
    const body = new TextDecoder().decode(Uint8Array.from(atob(r.response.bodyBase64!), (c) => c.charCodeAt(0)));
    expect(body).toBe(`password: [redacted] ${prose}`);
  });
  it("thousands of secret-named fields, one over a megabyte, are all cut where they stand and the recording still made (the first found cut elsewhere too)", () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => ({ token: `tok-${i}-${"x".repeat(20)}`, note: `row ${i}` }));
    const huge = "y".repeat(1 << 20);
    const r = recordExchange({ request: get(), response: json({ rows, secret: huge, echo: rows[0]!.token }) }, [], "x");
    const text = JSON.stringify(r);
    expect(text).not.toContain("tok-");
    expect(text).not.toContain("yyyy");
    expect((r.response.json as { rows: unknown[] }).rows[0]).toEqual({ token: "[redacted]", note: "row 0" });
  });
});
