import { inspect } from "node:util";
import type { Expected } from "./parseExpected.ts";

/**
 * Why `actual` differs from `expected`, or undefined when it matches. The comparison:
 * - a number is exactly the number printed (`String(actual)` is the text's value: the same
 *   double; 0 and -0 print alike, NaN matches NaN). No tolerance: an example shows a value, and
 *   a value that changed in its last digit has drifted.
 * - a string is equal, or, when the expected text holds `…`, starts with the part before the
 *   first `…`, ends with the part after the last, and holds the parts between in order;
 * - an array is an Array (not a typed array) of the same length, element by element; a typed
 *   array (`Float64Array [..]`) is an instance of that class, element by element;
 * - an object is a non-array object with exactly the expected own enumerable keys, key by key;
 * - true, false, null, undefined are themselves.
 */
export function matchExpected(actual: unknown, expected: Expected, path = "value"): string | undefined {
  const show = () => inspect(actual, { depth: 4, maxArrayLength: 20, breakLength: Infinity });
  switch (expected.kind) {
    case "number":
      if (typeof actual === "number" && String(actual) === String(expected.value)) return undefined;
      return `${path} is ${show()}, expected ${String(expected.value)}`;
    case "string": {
      if (typeof actual !== "string") return `${path} is ${show()}, expected a string`;
      const parts = expected.value.split("…");
      if (parts.length === 1)
        return actual === expected.value
          ? undefined
          : `${path} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected.value)}`;
      let at = 0;
      for (let k = 0; k < parts.length; k++) {
        const part = parts[k]!;
        const found =
          k === 0
            ? actual.startsWith(part)
              ? 0
              : -1
            : k === parts.length - 1
              ? actual.endsWith(part) && actual.length - part.length >= at
                ? actual.length - part.length
                : -1
              : actual.indexOf(part, at);
        if (found < 0)
          return `${path} is ${JSON.stringify(actual.length > 300 ? `${actual.slice(0, 300)}…` : actual)}, expected the parts of ${JSON.stringify(expected.value)} in order`;
        at = found + part.length;
      }
      return undefined;
    }
    case "literal":
      return Object.is(actual, expected.value) ? undefined : `${path} is ${show()}, expected ${String(expected.value)}`;
    case "array":
    case "typed": {
      const isTyped = ArrayBuffer.isView(actual) && !(actual instanceof DataView);
      if (
        expected.kind === "array"
          ? !Array.isArray(actual)
          : !(isTyped && (actual as object).constructor.name === expected.name)
      ) {
        return `${path} is ${show()}, expected ${expected.kind === "array" ? "an Array" : `a ${expected.name}`}`;
      }
      const list = actual as ArrayLike<unknown>;
      if (list.length !== expected.elements.length)
        return `${path} has ${list.length} elements (${show()}), expected ${expected.elements.length}`;
      for (let k = 0; k < list.length; k++) {
        const why = matchExpected(list[k], expected.elements[k]!, `${path}[${k}]`);
        if (why !== undefined) return why;
      }
      return undefined;
    }
    case "object": {
      if (actual === null || typeof actual !== "object" || Array.isArray(actual))
        return `${path} is ${show()}, expected an object`;
      const keys = Object.keys(actual).sort();
      const wanted = expected.entries.map(([k]) => k).sort();
      if (keys.join("\u0000") !== wanted.join("\u0000"))
        return `${path} has the keys ${keys.join(", ")}, expected ${wanted.join(", ")}`;
      for (const [key, value] of expected.entries) {
        const why = matchExpected((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
        if (why !== undefined) return why;
      }
      return undefined;
    }
  }
}
