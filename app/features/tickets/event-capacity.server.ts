import type { AppLoadContext } from "@remix-run/cloudflare";
import { EVENT_FULL_MESSAGE, capacityRefusal, heldSince, placesShown, type PlacesShown } from "./event-capacity";
import type { UnixSeconds } from "~/kernel/store/records";

/**
 * The upcoming event's capacity against the store (features/tickets/event-capacity.ts, ADR 43): the
 * booking page's "N places left" and the booking's refusal of a party that does not fit.
 */

/** A refusal the booking form shows: the event full (403, like a closed booking) or the party too big for what is left (400, the party must change). */
export type CapacityRefusal = { status: 400 | 403; message: string };

/**
 * People holding places, as the store counts them (ADR 62): a ticket refunded in full stays
 * paid in the store, but its places are free again (docs/requirements.md §5.5, ADR 0055).
 */
export async function peopleHoldingPlaces(context: AppLoadContext, eventId: string, now: UnixSeconds): Promise<number> {
  return context.store.tickets.countPeopleHoldingPlaces(eventId, heldSince(now));
}

/** What the booking page says about places; nothing read when the event has no limit. */
export async function loadPlacesShown(context: AppLoadContext, eventId: string, capacity: number, now: UnixSeconds): Promise<PlacesShown> {
  if (capacity <= 0) return { full: false, notice: null };
  return placesShown(capacity, await peopleHoldingPlaces(context, eventId, now));
}

/** Why a party of `people` cannot be booked now, or null when it fits (or the event has no limit). */
export async function overCapacity(
  context: AppLoadContext,
  eventId: string,
  capacity: number,
  people: number,
  now: UnixSeconds,
): Promise<CapacityRefusal | null> {
  if (capacity <= 0) return null;
  const message = capacityRefusal(capacity, await peopleHoldingPlaces(context, eventId, now), people);
  return message === null ? null : { status: message === EVENT_FULL_MESSAGE ? 403 : 400, message };
}
