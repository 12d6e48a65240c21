import { z } from "zod";

/** The answer when a dragged order is not exactly the slides there are (another tab added or removed one). */
export const ORDER_OUT_OF_DATE = "The slides have changed since this page was opened. Please try again.";

const distinct = (ids: readonly string[]) => new Set(ids).size === ids.length;

/**
 * The buttons of /studio/slides: move a slide up or down, remove one (asked first, then
 * `confirmed`); with JavaScript, a drag posts the whole new order (`ids`, one per slide, in order).
 */
export const slidesActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move"), id: z.string().min(1), move: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("remove"), id: z.string().min(1), confirmed: z.literal("1").optional() }),
  z.object({
    intent: z.literal("order"),
    ids: z.array(z.string().min(1)).min(1).refine(distinct, { message: ORDER_OUT_OF_DATE }),
  }),
]);

/** True when `next` holds exactly the `current` slides, each once (in any order). */
export function isSameSlides(current: readonly string[], next: readonly string[]): boolean {
  if (current.length !== next.length || !distinct(next)) return false;
  const known = new Set(current);
  return next.every((id) => known.has(id));
}

/**
 * The slide that was dragged from `before` to `after`: the one that, taken out of both, leaves
 * the same order. Null when nothing moved; the first slide out of place when several did.
 */
export function draggedSlide(before: readonly string[], after: readonly string[]): string | null {
  const first = before.findIndex((id, index) => id !== after[index]);
  if (first < 0) return null;
  const without = (ids: readonly string[], id: string) => ids.filter((other) => other !== id);
  for (const candidate of [after[first]!, before[first]!]) {
    if (without(before, candidate).every((id, index) => id === without(after, candidate)[index])) return candidate;
  }
  return after[first]!;
}

/** `ids` with the slide at `from` moved to `to` (the drag's preview and what it posts). */
export function moveTo<T>(ids: readonly T[], from: number, to: number): T[] {
  const order = [...ids];
  if (from < 0 || from >= order.length || to < 0 || to >= order.length) return order;
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  return order;
}
