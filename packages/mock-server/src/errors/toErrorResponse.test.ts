import { EngineError } from "@thematic/engine";
import { HTTPException } from "hono/http-exception";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./ApiError.ts";
import { formatZodError } from "./formatZodError.ts";
import { toErrorResponse } from "./toErrorResponse.ts";

describe("toErrorResponse", () => {
  it("maps ApiError to its status, headers included", () => {
    expect(toErrorResponse(new ApiError(423, "busy", { headers: { "Retry-After": "1" } }))).toEqual({
      status: 423,
      body: { error: "busy" },
      headers: { "Retry-After": "1" },
    });
  });

  it("maps EngineError and zod errors to 400", () => {
    expect(toErrorResponse(new EngineError("INSUFFICIENT_DATA", "too short")).status).toBe(400);
    const zodError = z.object({ a: z.number() }).safeParse({ a: "x" }).error;
    expect(toErrorResponse(zodError)).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^a: /) } });
  });

  it("keeps a 4xx HTTPException (malformed JSON) and logs anything else as 500", () => {
    expect(toErrorResponse(new HTTPException(400, { message: "Malformed JSON in request body" })).body.error).toBe(
      "Malformed JSON in request body",
    );
    const logged: unknown[] = [];
    const boom = new Error("boom");
    expect(toErrorResponse(boom, (e) => logged.push(e)).status).toBe(500);
    expect(logged).toEqual([boom]);
  });
});

describe("formatZodError", () => {
  it("names the request part, the path (array indexes in brackets) and the rule", () => {
    const error = z.object({ list: z.array(z.string()) }).safeParse({ list: ["a", 2] }).error!;
    expect(formatZodError(error, "body")).toBe("body.list[1]: Invalid input: expected string, received number");
  });
});
