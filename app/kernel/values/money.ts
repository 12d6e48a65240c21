/** Money is kept in pence (app/kernel/store/records.ts) and shown in pounds. */
const POUNDS = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });

/** 2000 → "£20.00"; a missing or broken amount shows as £0.00 rather than "£NaN". */
export function formatPence(pence: number): string {
  return POUNDS.format(Number.isFinite(pence) ? pence / 100 : 0);
}

/** A transaction line as My Account shows it (docs/requirements.md §2.6): unit price times quantity ("£20.00 × 1"). */
export function formatAmountTimesQty(unitPence: number, qty: number): string {
  return `${formatPence(unitPence)} × ${qty}`;
}
