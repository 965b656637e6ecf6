import { describe, expect, it } from "vitest";
import { isPersonalName, isSecretName, nameWords } from "./isSecretName.ts";

describe("isSecretName", () => {
  it("reads every spelling of a secret: camelCase, snake_case, kebab-case, upper case, brackets", () => {
    const secret = [
      "id_token",
      "idToken",
      "ID-TOKEN",
      "session_token",
      "auth_token",
      "x-auth-token",
      "secret_key",
      "SecretKey",
      "api_keys",
      "apiKeys",
      "X-API-KEY",
      "apikey",
      "passwd",
      "user[password]",
      "PASSWORD",
      "client_secret",
      "code_verifier",
      "Authorization",
      "Proxy-Authorization",
      "Cookie",
      "Set-Cookie",
      "X-Amz-Signature",
      "X-Amz-Security-Token",
      "JSESSIONID",
      "PHPSESSID",
      "sid",
      "jwt",
      "otp",
      "pin",
      "key",
      "private_key",
      "oauth",
      "authz",
    ];
    expect(secret.filter((n) => !isSecretName(n))).toEqual([]);
  });
  it("leaves names that only contain the letters of one, and names that describe a secret rather than hold it", () => {
    const plain = [
      "keywords",
      "monkey",
      "key_metrics",
      "keyId",
      "sort_key",
      "idempotency_key",
      "author",
      "authority",
      "authorized",
      "WWW-Authenticate",
      "token_type",
      "expires_in",
      "secret_expires_at",
      "token_endpoint",
      "cookie_name",
      "secretary",
      "carbon_footprint",
      "pinned",
      "signal",
      "design",
      "code",
      "passenger",
    ];
    expect(plain.filter((n) => isSecretName(n))).toEqual([]);
  });
  it("reads `code` as secret only in a URL (an OAuth authorization code), not as a field", () => {
    expect(isSecretName("code", "url")).toBe(true);
    expect(isSecretName("country_code", "url")).toBe(false);
  });
});

describe("isPersonalName", () => {
  it("e-mail, phone, personal names and addresses; not a strategy's name", () => {
    expect(
      [
        "email",
        "ownerEmail",
        "e-mail",
        "phone_number",
        "first_name",
        "userName",
        "surname",
        "ip",
        "address",
        "ip_address",
      ].filter((n) => !isPersonalName(n)),
    ).toEqual([]);
    expect(
      ["name", "strategy_name", "thumbnail", "ship_to", "recipe", "addresses_count"].filter((n) => isPersonalName(n)),
    ).toEqual([]);
  });
});

describe("nameWords", () => {
  it("splits at separators and camelCase boundaries", () => {
    expect(nameWords("XApiKey")).toEqual(["x", "api", "key"]);
    expect(nameWords("clientSecret_v2")).toEqual(["client", "secret", "v2"]);
    expect(nameWords("user[password]")).toEqual(["user", "password"]);
  });
});
