import type { GiftAidDeclaration } from "~/kernel/store/records";

/**
 * The declaration covering a payment received on a UK day (docs/requirements.md §14, ADR 74):
 * given on or before the day and not cancelled before it (a cancellation stops payments made
 * after its day; the day itself is still covered). Of several, the newest given: its name and
 * address are the ones the schedule shows. Null when none covers the day.
 */
export function declarationInForce<D extends Pick<GiftAidDeclaration, "givenOn" | "withdrawnOn" | "createdAt">>(
  declarations: readonly D[],
  day: string,
): D | null {
  let best: D | null = null;
  for (const declaration of declarations) {
    if (declaration.givenOn > day) continue;
    if (declaration.withdrawnOn !== null && declaration.withdrawnOn < day) continue;
    if (best === null || declaration.givenOn > best.givenOn || (declaration.givenOn === best.givenOn && declaration.createdAt > best.createdAt))
      best = declaration;
  }
  return best;
}
