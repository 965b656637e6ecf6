import { createRoute, z } from "@hono/zod-openapi";
import type { SessionControl } from "../context/SessionControl.ts";
import type { MockApp } from "../context/RouteModule.ts";
import { ApiError } from "../errors/ApiError.ts";
import { errorResponses, jsonResponse } from "../schemas/common.ts";
import { CONTROL_REFUSALS } from "../schemas/controlRefusals.ts";
import { CreateSessionBody, SessionListSchema, SessionNameParams, SessionSchema } from "../schemas/session.ts";

const tags = ["Mock control"];

const list = createRoute({
  method: "get",
  path: "/__mock/sessions",
  tags,
  summary: "Sandbox sessions alive (X-Mock-Session) and the cap",
  responses: { 200: jsonResponse(SessionListSchema, "Sessions"), 403: CONTROL_REFUSALS[403] },
});
const open = createRoute({
  method: "post",
  path: "/__mock/sessions",
  tags,
  summary: "Create a sandbox session (a private copy of the fixtures' state); an existing one is returned as is",
  request: { body: { required: true, content: { "application/json": { schema: CreateSessionBody } } } },
  responses: {
    200: jsonResponse(SessionSchema, "The session existed"),
    201: jsonResponse(SessionSchema, "Created"),
    ...CONTROL_REFUSALS,
    ...errorResponses(409),
  },
});
const remove = createRoute({
  method: "delete",
  path: "/__mock/sessions/{name}",
  tags,
  summary: "Drop a sandbox session and its state (send Content-Type: application/json)",
  request: { params: SessionNameParams },
  responses: {
    200: jsonResponse(z.object({ name: z.string(), deleted: z.literal(true) }), "Dropped"),
    ...CONTROL_REFUSALS,
    ...errorResponses(404),
  },
});

/**
 * The session part of the control surface: `GET /__mock/sessions`, `POST /__mock/sessions
 * {"name"}`, `DELETE /__mock/sessions/{name}` (registered by the session dispatcher on the
 * default app, so the app's middleware and error handling apply).
 */
export function registerSessionRoutes(app: MockApp, sessions: SessionControl): void {
  app.openapi(list, (c) =>
    c.json(
      { sessions: sessions.list(), maxSessions: sessions.maxSessions, idleMinutes: sessions.idleMs / 60_000 },
      200,
    ),
  );
  app.openapi(open, (c) => {
    const { session, created } = sessions.open(c.req.valid("json").name);
    return created ? c.json(session, 201) : c.json(session, 200);
  });
  app.openapi(remove, (c) => {
    if (!/^application\/json\b/i.test(c.req.header("Content-Type") ?? ""))
      throw new ApiError(
        415,
        "Content-Type: a state-changing /__mock request must be application/json (a body of {} is fine)",
      );
    const { name } = c.req.valid("param");
    if (!sessions.remove(name)) throw new ApiError(404, `session ${name} not found`);
    return c.json({ name, deleted: true as const }, 200);
  });
}
