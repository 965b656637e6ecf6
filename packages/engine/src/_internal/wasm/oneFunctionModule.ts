import { uleb } from "./leb128.ts";
import { I32 } from "./opcodes.ts";

/** What {@link oneFunctionModule} assembles: a function of `params` i32 arguments and no result. */
export interface OneFunction {
  /** The export's name. */
  name: string;
  /** Number of i32 parameters (locals 0 … params − 1). */
  params: number;
  /** Further locals as runs of [count, value type], numbered after the parameters in this order. */
  locals: ReadonlyArray<readonly [number, number]>;
  /** The instructions, without the closing `end`. */
  code: readonly number[];
}

const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const name = (s: string): number[] => [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];

/**
 * The bytes of a WebAssembly module with one imported memory (`e.m`, at least one page) and one
 * exported function: the header, then the type, import, function, export and code sections (the
 * WebAssembly core specification, section 5.5).
 */
export function oneFunctionModule(f: OneFunction): Uint8Array {
  const body = [
    ...uleb(f.locals.length),
    ...f.locals.flatMap(([count, type]) => [...uleb(count), type]),
    ...f.code,
    0x0b,
  ];
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, [1, 0x60, ...uleb(f.params), ...new Array<number>(f.params).fill(I32), 0]),
    ...section(2, [1, ...name("e"), ...name("m"), 0x02, 0x00, 1]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...name(f.name), 0x00, 0]),
    ...section(10, [1, ...uleb(body.length), ...body]),
  ]);
}
