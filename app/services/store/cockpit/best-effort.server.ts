import { StoreUnavailableError } from "../errors";
import { newId } from "../ids";

/**
 * The helpers of the "as safe as Cockpit's API allows" writes (ADR 21). Cockpit has no
 * transactions, no conditional update and no unique index, so a change that must
 * happen once is: read, decide in the worker, write with a claim (a random nonce),
 * wait a moment for concurrent writers to land, re-read, and count as done only
 * when our claim is the one that stands.
 */

/** How long to let concurrent writes land before re-reading (tests may shorten it). */
export const DEFAULT_VERIFY_DELAY_MS = 150;

export interface BestEffortOptions {
  verifyDelayMs?: number;
}

export const newClaim = newId;

export function pause(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** Cockpit answers a save of an unknown `_id` with 404 and an empty body. */
export function isNotFound(error: unknown): boolean {
  return error instanceof StoreUnavailableError && error.status === 404;
}

/** The most entries the worker reads to filter, sort or sum what Cockpit cannot (ADR 21). */
export const MAX_SCAN = 20_000;

/** A 0-based page of rows already sorted in the worker; every row when no pageSize. */
export function pageOf<T>(rows: T[], query: { page?: number; pageSize?: number }): T[] {
  if (query.pageSize === undefined) return rows;
  const size = Math.min(Math.max(Math.trunc(query.pageSize) || 1, 1), 500);
  const page = Math.max(Math.trunc(query.page ?? 0) || 0, 0);
  return rows.slice(page * size, page * size + size);
}

/** Cockpit's limit/skip for the same page (skip is ignored without limit). */
export function cockpitPage(query: { page?: number; pageSize?: number }): { limit?: number; skip?: number } {
  if (query.pageSize === undefined) return {};
  const size = Math.min(Math.max(Math.trunc(query.pageSize) || 1, 1), 500);
  const page = Math.max(Math.trunc(query.page ?? 0) || 0, 0);
  return { limit: size, skip: page * size };
}
