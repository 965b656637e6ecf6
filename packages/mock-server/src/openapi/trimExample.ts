/**
 * A copy of the JSON `value` with every array longer than `maxItems` cut to its first `maxItems`
 * items (at every depth): long lists and series stay readable in the document.
 *
 * @example
 * trimExample({ series: [1, 2, 3, 4] }, 2) // => { series: [1, 2] }
 */
export function trimExample(value: unknown, maxItems: number): unknown {
  if (Array.isArray(value)) return value.slice(0, maxItems).map((v) => trimExample(v, maxItems));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimExample(v, maxItems)]));
  return value;
}
