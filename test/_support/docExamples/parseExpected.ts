/**
 * The value after `// =>` in a doc example: a JavaScript literal (number, string in single or
 * double quotes, array, object with plain or quoted keys, true, false, null, undefined, NaN,
 * Infinity), an array optionally prefixed by a typed-array name (`Float64Array [0.1, 0.2]`), then
 * optionally a remark in parentheses, which is not checked (`2818 (Sunday 2024-01-07)`).
 */
export type Expected =
  | { kind: "number"; value: number }
  | { kind: "string"; value: string }
  | { kind: "literal"; value: boolean | null | undefined }
  | { kind: "array"; elements: Expected[] }
  | { kind: "typed"; name: string; elements: Expected[] }
  | { kind: "object"; entries: Array<[string, Expected]> };

const TYPED = [
  "Float64Array",
  "Float32Array",
  "Int32Array",
  "Uint32Array",
  "Int16Array",
  "Uint16Array",
  "Int8Array",
  "Uint8Array",
];

/** Parses `text` (what follows `=>`); throws an Error naming the position of anything else. */
export function parseExpected(text: string): Expected {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`cannot read the expected value ${JSON.stringify(text)}: ${what} at character ${i}`);
  };
  const space = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const value = (): Expected => {
    space();
    const c = text[i];
    if (c === "[") return { kind: "array", elements: list("]") };
    if (c === "{") return object();
    if (c === '"' || c === "'") return { kind: "string", value: string(c) };
    const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i))?.[0];
    if (word !== undefined) {
      i += word.length;
      if (word === "true" || word === "false") return { kind: "literal", value: word === "true" };
      if (word === "null") return { kind: "literal", value: null };
      if (word === "undefined") return { kind: "literal", value: undefined };
      if (word === "NaN") return { kind: "number", value: Number.NaN };
      if (word === "Infinity") return { kind: "number", value: Infinity };
      if (TYPED.includes(word)) {
        space();
        if (text[i] !== "[") fail(`"[" after ${word}`);
        return { kind: "typed", name: word, elements: list("]") };
      }
      return fail(`unknown word ${word}`);
    }
    const number = /^-?(?:Infinity|(?:\d[\d_]*\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/.exec(text.slice(i))?.[0];
    if (number === undefined) return fail("a value");
    i += number.length;
    return { kind: "number", value: Number(number.replaceAll("_", "")) };
  };
  const list = (close: string): Expected[] => {
    i++; // the opening bracket
    const out: Expected[] = [];
    for (;;) {
      space();
      if (text[i] === close) {
        i++;
        return out;
      }
      out.push(value());
      space();
      if (text[i] === ",") i++;
      else if (text[i] !== close) fail(`"," or "${close}"`);
    }
  };
  const object = (): Expected => {
    i++;
    const entries: Array<[string, Expected]> = [];
    for (;;) {
      space();
      if (text[i] === "}") {
        i++;
        return { kind: "object", entries };
      }
      const c = text[i];
      let key: string;
      if (c === '"' || c === "'") key = string(c);
      else {
        const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i))?.[0];
        if (word === undefined) return fail("a key");
        key = word;
        i += word.length;
      }
      space();
      if (text[i] !== ":") fail('":"');
      i++;
      entries.push([key, value()]);
      space();
      if (text[i] === ",") i++;
      else if (text[i] !== "}") fail('"," or "}"');
    }
  };
  const string = (quote: string): string => {
    let out = "";
    i++;
    while (i < text.length && text[i] !== quote) {
      if (text[i] === "\\") {
        const next = text[++i];
        out += next === "n" ? "\n" : next === "t" ? "\t" : next!;
      } else out += text[i];
      i++;
    }
    if (i >= text.length) fail("the closing quote");
    i++;
    return out;
  };
  const result = value();
  space();
  if (i < text.length && text[i] !== "(") fail("the end, or a remark in parentheses");
  return result;
}
