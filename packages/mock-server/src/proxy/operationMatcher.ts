import { operationKey } from "../openapi/operationIds.ts";

/**
 * Finds the documented operation (`"METHOD /path"` template) of a concrete request path, from the
 * document's `paths`: literal segments win over `{param}` ones (`/v1/strategies/strategies-exposures`
 * before `/v1/strategies/{id}`). Null when no documented operation matches.
 *
 * @example
 * operationMatcher({ "/v1/strategies/{id}": { get: {} } })("GET", "/v1/strategies/42") // => "GET /v1/strategies/{id}"
 */
export function operationMatcher(
  paths: Record<string, Record<string, unknown>>,
): (method: string, path: string) => string | null {
  const templates = Object.keys(paths)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(
        `^${template
          .split(/\{\w+\}/)
          .map(escapeRegExp)
          .join("[^/]+")}$`,
      ),
    }))
    .sort((a, b) => a.params - b.params);
  return (method, path) => {
    const lower = method.toLowerCase();
    for (const t of templates)
      if (t.pattern.test(path) && paths[t.template]?.[lower] !== undefined) return operationKey(method, t.template);
    return null;
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
