import { describe, expect, it } from "vitest";
import { isApiError } from "../errors/ApiError.ts";
import { authenticate } from "./authenticate.ts";

const users = [
  { id: "u1", name: "A", apiKey: "key-a", active: true },
  { id: "u2", name: "B", apiKey: "key-b", active: false },
];

function failure(header: string | undefined) {
  try {
    authenticate(header, users);
  } catch (e) {
    if (isApiError(e)) return { status: e.status, challenge: e.headers["WWW-Authenticate"], message: e.message };
  }
  return null;
}

describe("authenticate", () => {
  it("accepts `Bearer <key>` of an active user, scheme case-insensitive", () => {
    expect(authenticate("Bearer key-a", users)).toEqual({ userId: "u1" });
    expect(authenticate("bearer key-a", users)).toEqual({ userId: "u1" });
  });

  it.each([undefined, "", "key-a", "Basic a2V5LWE=", "Bearer", "Bearer key-a extra", "Bearer key-c", "Bearer key-b"])(
    "401 with a Bearer challenge for %j",
    (header) => {
      const f = failure(header);
      expect(f?.status).toBe(401);
      expect(f?.challenge).toMatch(/^Bearer realm="thematic-mock"/);
    },
  );

  it("says which problem it is", () => {
    expect(failure(undefined)?.message).toMatch(/missing/);
    expect(failure("Token x")?.message).toMatch(/malformed/);
    expect(failure("Bearer nope")?.message).toMatch(/invalid API key/);
    expect(failure("Bearer key-b")?.message).toMatch(/inactive/);
  });
});
