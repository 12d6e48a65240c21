/**
 * The home slides' order rules for a drag (pure, no zod: the drag's code in the browser
 * uses moveTo, and the slides page's chunk should not carry the form library for it).
 */

/** True when no id is there twice. */
export const distinct = (ids: readonly string[]) => new Set(ids).size === ids.length;

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
