import type { Pence } from "~/kernel/store/records";

/** An amount as HMRC's schedule writes it (ADR 74): pounds with two decimals, no £ and no commas ("25.00"). */
export function scheduleAmount(amount: Pence): string {
  const pence = Math.round(amount);
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The Gift Aid due on an amount: a quarter (basic rate 20% on the gross), rounded down to the penny so a claim never asks for more. */
export function giftAidOn(amount: Pence): Pence {
  return Math.floor(amount / 4);
}
