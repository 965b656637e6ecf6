import { EngineError, volatility } from "@thematic/engine";
import { describe, expect, it } from "vitest";
import { ChartError } from "../ChartError.ts";
import { engineCall } from "./engineCall.ts";

describe("engineCall", () => {
  it("wraps an engine error as a ChartError keeping its field, details and the error itself as cause", () => {
    let thrown: unknown;
    try {
      engineCall(() => volatility([0.01, Number.NaN, 0.02], 52), "returns");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ChartError);
    const cause = (thrown as ChartError).cause as EngineError;
    expect(cause).toBeInstanceOf(EngineError);
    expect((thrown as ChartError).field).toBe(cause.field);
    expect((thrown as ChartError).message).toContain(cause.message.replace(`${cause.field} `, ""));
    const withDetails = new EngineError("INVALID_INPUT", "options.x is bad", { field: "options.x", details: { x: 1 } });
    expect(() =>
      engineCall(() => {
        throw withDetails;
      }),
    ).toThrow(new ChartError("options.x", "is bad", { details: { x: 1 } }));
    expect(() =>
      engineCall(() => {
        throw new EngineError("INVALID_INPUT", "no field named");
      }, "series"),
    ).toThrow(new ChartError("series", "no field named"));
  });

  it("lets any other error through unchanged", () => {
    const error = new RangeError("x");
    expect(() =>
      engineCall(() => {
        throw error;
      }),
    ).toThrow(error);
  });
});
