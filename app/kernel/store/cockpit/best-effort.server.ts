import { StoreUnavailableError } from "../errors";
import { newId } from "../ids";
import { pageWindow, type PageRequest } from "../paging";

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

/** A page of rows already sorted in the worker; every row when no pageSize. */
export function pageOf<T>(rows: T[], query: PageRequest): T[] {
  const window = pageWindow(query);
  return window ? rows.slice(window.offset, window.offset + window.limit) : rows;
}

/** Cockpit's limit/skip for the same page (skip is ignored without limit). */
export function cockpitPage(query: PageRequest): { limit?: number; skip?: number } {
  const window = pageWindow(query);
  return window ? { limit: window.limit, skip: window.offset } : {};
}
