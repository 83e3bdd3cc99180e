import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";

/**
 * The package routes of the preview origin (`/_npm/...`, contract in /work/notes/preview-contract.md).
 * The packages helper owns this file; this minimal version only lets the preview origin compile
 * until theirs is merged, and registers no route.
 */
export function registerPackageRoutes(_app: FastifyInstance, _deps: Deps): void {}
