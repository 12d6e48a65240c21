import type { Pence, Transaction } from "~/kernel/store/records";

/**
 * What a payment counts for in a claim (docs/requirements.md §14, ADR 74): what was paid less
 * its refunds. A wholly refunded payment is not a gift at all: null, and it is left out. A
 * registration counts wholly (its fee buys membership and nothing more, ADR 74).
 */
export function netAmount(transaction: Pick<Transaction, "unitAmount" | "qty">, refunded: Pence = 0): Pence | null {
  const net = transaction.unitAmount * transaction.qty - refunded;
  return net > 0 ? net : null;
}
