/**
 * A path template with its `{name}` parameters filled in (URI-encoded), for error messages.
 *
 * @example
 * fillPath("/v1/strategies/{id}", { id: "a b" }) // => "/v1/strategies/a%20b"
 */
export function fillPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = params?.[name];
    return value === undefined || value === null ? whole : encodeURIComponent(String(value));
  });
}
