import { z } from "@hono/zod-openapi";
import { LIMITS } from "./limits.ts";

/** Letters, digits, `_`, `.`, `-`; starts with a letter or digit; `default` is the shared state. */
export const SESSION_NAME_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,${LIMITS.SESSION_NAME_MAX - 1}}$`);

/** A sandbox session's name. */
export const SessionName = z
  .string()
  .regex(
    SESSION_NAME_PATTERN,
    `1..${LIMITS.SESSION_NAME_MAX} letters, digits, '_', '.', '-', starting with a letter or digit`,
  )
  .refine((name) => name !== "default", "'default' is the shared state, not a sandbox")
  .openapi({ example: "worker-3" });

/** Path parameter `{name}` of a session. */
export const SessionNameParams = z.object({ name: SessionName.openapi({ param: { name: "name", in: "path" } }) });

export const CreateSessionBody = z.strictObject({ name: SessionName }).openapi("CreateSessionBody");

export const SessionSchema = z
  .object({
    name: z.string(),
    createdAt: z.string().openapi({ description: "ISO 8601, the mock's clock" }),
    strategies: z.number().int().openapi({ description: "Strategies in the session's state" }),
    lastUsedAt: z.string().openapi({
      description: "ISO 8601, real time: the session's last request (a session idle for `idleMinutes` is dropped)",
    }),
  })
  .openapi("MockSession");

export const SessionListSchema = z
  .object({
    sessions: z.array(SessionSchema),
    maxSessions: z.number().int().openapi({ description: "Most sandbox sessions alive at once" }),
    idleMinutes: z.number().openapi({ description: "A session unused this long is dropped (0: never)" }),
  })
  .openapi("MockSessionList");

export type SessionOut = z.infer<typeof SessionSchema>;
