/** `o` without its undefined entries (engine options take their defaults for absent keys). @example defined({ a: 1, b: undefined }) // => { a: 1 } */
export function defined<T extends Record<string, unknown>>(
  o: T,
): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<{
    [K in keyof T]: Exclude<T[K], undefined>;
  }>;
}
