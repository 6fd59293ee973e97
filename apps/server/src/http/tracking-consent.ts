import type { FastifyRequest } from "fastify";

/**
 * Do Not Track or Global Privacy Control (https://privacycg.github.io/gpc-spec/): the browser asks not
 * to be tracked, so no usage event is recorded for this request. The privacy page promises it.
 */
export function optedOutOfTracking(request: FastifyRequest): boolean {
  return request.headers.dnt === "1" || request.headers["sec-gpc"] === "1";
}
