import type { AppLoadContext } from "@remix-run/cloudflare";
import { ACTIVITY_PAGE_SIZE, activityEntry, activityRow, type ActivityActor, type ActivityEvent, type ActivityPage } from "./activity";
import { pageCount, storePage } from "../store/paging";
import type { Store } from "../store/port";

/**
 * The activity log's I/O: a route's action records what it changed, after the change
 * succeeded (guard, parse, change, record, redirect); /accounts/activity reads it.
 */

/**
 * Records that `actor` did `event`, now. The change itself has already been made: a log
 * that cannot be written (the store down, a Cockpit without the `activity` collection) must
 * neither undo it nor fail the answer, so the failure is logged and the action goes on.
 */
export async function recordActivity(context: AppLoadContext, actor: ActivityActor, event: ActivityEvent): Promise<void> {
  try {
    await context.store.activity.record(activityEntry(actor, event, new Date()));
  } catch (error) {
    console.error(`The activity log could not record ${event.kind} by ${actor.id}:`, error);
  }
}

/** One page of the log, newest first (1-based; past the end shows the last page). */
export async function loadActivityPage(store: Store, asked: number): Promise<ActivityPage> {
  let page = asked;
  let result = await store.activity.list(storePage({ page, size: ACTIVITY_PAGE_SIZE }));
  const pages = pageCount(result.total, ACTIVITY_PAGE_SIZE);
  if (page > pages) {
    page = pages;
    result = await store.activity.list(storePage({ page, size: ACTIVITY_PAGE_SIZE }));
  }
  return { rows: result.rows.map(activityRow), total: result.total, page, pages };
}
