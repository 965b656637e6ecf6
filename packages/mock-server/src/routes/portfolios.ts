import { createRoute, z } from "@hono/zod-openapi";
import type { MockApp, RouteModule } from "../context/RouteModule.ts";
import type { ServiceContext } from "../context/ServiceContext.ts";
import { bearerSecurity, ErrorSchema, jsonResponse } from "../schemas/common.ts";
import {
  PortfolioBodySchema,
  PortfolioIdParams,
  PortfolioListItemSchema,
  PortfolioSchema,
} from "../schemas/portfolio.ts";
import { deletePortfolio } from "../services/portfolios/deletePortfolio.ts";
import { getPortfolio } from "../services/portfolios/getPortfolio.ts";
import { listPortfolios } from "../services/portfolios/listPortfolios.ts";
import { replacePortfolio } from "../services/portfolios/replacePortfolio.ts";
import { savePortfolio } from "../services/portfolios/savePortfolio.ts";
import { API_VERSIONS, type ApiVersion } from "./_internal/apiVersions.ts";

const error = (description: string) => jsonResponse(ErrorSchema, description);
const tags = ["Portfolios"];
const errors = {
  400: error("Malformed body or id; a holding that cannot be resolved (`holdings[i]: …`); weights summing to 0"),
  401: error("Missing, malformed, unknown or inactive API key"),
  403: error("Another user's public portfolio: only the owner may change or delete it"),
  404: error("Absent, or another user's private portfolio"),
  409: error("Rename onto the name of another of the caller's portfolios"),
};
const body = { body: { required: true, content: { "application/json": { schema: PortfolioBodySchema } } } };

/** The five portfolio routes under one version prefix (the same request and response in v1 and v2). */
const portfolioRoutes = (v: ApiVersion) => {
  const list = createRoute({
    method: "get",
    path: `/${v}/portfolios`,
    tags,
    summary: "The caller's portfolios plus every public one (no holdings; user_id null when not the caller's)",
    security: bearerSecurity,
    responses: {
      200: jsonResponse(z.array(PortfolioListItemSchema), "Portfolios, most recently updated first"),
      401: errors[401],
    },
  });

  const save = createRoute({
    method: "post",
    path: `/${v}/portfolios`,
    tags,
    summary: "Create a portfolio (201), or overwrite the caller's portfolio of the same name (200, holdings replaced)",
    security: bearerSecurity,
    request: body,
    responses: {
      200: jsonResponse(PortfolioSchema, "Overwrote the caller's portfolio of that name"),
      201: jsonResponse(PortfolioSchema, "Created (mock decision: the contract does not show this status)"),
      400: errors[400],
      401: errors[401],
    },
  });

  const get = createRoute({
    method: "get",
    path: `/${v}/portfolios/{id}`,
    tags,
    summary: "A portfolio with its holdings (owner, or anyone for a public one)",
    security: bearerSecurity,
    request: { params: PortfolioIdParams },
    responses: {
      200: jsonResponse(PortfolioSchema, "The portfolio"),
      400: errors[400],
      401: errors[401],
      404: errors[404],
    },
  });

  const put = createRoute({
    method: "put",
    path: `/${v}/portfolios/{id}`,
    tags,
    summary: "Replace the holdings (and name) of the caller's portfolio",
    security: bearerSecurity,
    request: { params: PortfolioIdParams, ...body },
    responses: {
      200: jsonResponse(PortfolioSchema, "The updated portfolio"),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: errors[409],
    },
  });

  const remove = createRoute({
    method: "delete",
    path: `/${v}/portfolios/{id}`,
    tags,
    summary: "Delete the caller's portfolio (permanent; 204 No Content)",
    security: bearerSecurity,
    request: { params: PortfolioIdParams },
    responses: {
      204: { description: "Deleted" },
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
  return { list, save, get, put, remove };
};

/** Saved portfolios (docs/parity.md#portfolio, #portfolio-endpoints, #other-endpoints; real-service notes "Portfolios"), in v1 and v2 (docs/parity.md). */
export const registerPortfolioRoutes: RouteModule = (app, ctx) => {
  for (const v of API_VERSIONS) registerVersion(app, ctx, v);
};

function registerVersion(app: MockApp, ctx: ServiceContext, v: ApiVersion): void {
  const { list, save, get, put, remove } = portfolioRoutes(v);
  app.openapi(list, (c) => c.json(listPortfolios(ctx, c.var.caller), 200));
  app.openapi(save, (c) => {
    const { portfolio, created } = savePortfolio(ctx, c.var.caller, c.req.valid("json"));
    return created ? c.json(portfolio, 201) : c.json(portfolio, 200);
  });
  app.openapi(get, (c) => c.json(getPortfolio(ctx, c.var.caller, c.req.valid("param").id), 200));
  app.openapi(put, (c) =>
    c.json(replacePortfolio(ctx, c.var.caller, c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(remove, (c) => {
    deletePortfolio(ctx, c.var.caller, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
