/**
 * Paging, in one place: what a back-office table's URL may ask for (a 1-based page and
 * one of the page sizes), and the store port's vocabulary (`{ page, pageSize }`, page
 * 0-based), with the one clamp every adapter applies to it.
 */

/** The rows per page a table offers (the members table's select, the reports' links). */
export const PAGE_SIZES = [15, 50, 100, 250, 500] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 15;

/** The most rows one store call returns per page: the largest page size. */
export const MAX_PAGE_SIZE = 500;

/** Pages beyond this are read as this (a URL is not a way to ask for a huge OFFSET). */
const MAX_PAGE = 1_000_000;

/** A table's page and size as the URL gives them (page 1-based, as people count). */
export interface TablePaging {
  page: number;
  size: PageSize;
}

/** A 1-based page from the URL: anything but a whole number ≥ 1 is page 1. */
export function readPageParam(value: string | null): number {
  const page = Number(value);
  return value !== null && Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/** A page size from the URL: one of PAGE_SIZES, else the default. */
export function readPageSizeParam(value: string | null): PageSize {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_PAGE_SIZE;
}

/** A table's paging from two of the URL's params (the subscriptions report has two tables, so two pairs). */
export function readPaging(params: URLSearchParams, pageKey: string, sizeKey: string): TablePaging {
  return { page: readPageParam(params.get(pageKey)), size: readPageSizeParam(params.get(sizeKey)) };
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

// ---- The store port's vocabulary ----------------------------------------------------

/**
 * What a store listing is asked for: a 0-based `page` of `pageSize` rows. Without
 * `pageSize`, every row (the CSV exports).
 */
export interface PageRequest {
  page?: number;
  pageSize?: number;
}

/** The store's page of a table's 1-based paging. */
export function storePage(paging: { page: number; size: number }): Required<PageRequest> {
  return { page: paging.page - 1, pageSize: paging.size };
}

/**
 * The one clamp of a page request, applied by every adapter: the size kept within
 * 1–MAX_PAGE_SIZE (SQLite reads a negative LIMIT as none: never "no limit" by
 * accident), the page at 0 or more; null when no pageSize asks for every row.
 */
export function pageWindow(request: PageRequest): { limit: number; offset: number } | null {
  if (request.pageSize === undefined) return null;
  const limit = Math.min(Math.max(Math.trunc(request.pageSize) || 1, 1), MAX_PAGE_SIZE);
  const page = Math.max(Math.trunc(request.page ?? 0) || 0, 0);
  return { limit, offset: page * limit };
}
