import { uuidFrom } from "../../_internal/hash.ts";

/**
 * `user_id` of every premade strategy: the service account that publishes the premade library
 * (a stable uuid derived from "service-account:premade-strategies"; no API key authenticates as it).
 *
 * @example
 * PREMADE_OWNER_ID // => a fixed uuid string
 */
export const PREMADE_OWNER_ID: string = uuidFrom("service-account:premade-strategies");
