import { PAYMENT_METHODS } from "../records";
import type { TransactionsRepository } from "../port";
import { oneOf } from "./shapes-values";
import { MAX_SCAN } from "./best-effort.server";
import type { CockpitClient } from "./client.server";
import { MEMBERTRANSACTIONS } from "./shapes-transactions";

/** Cockpit's part of the transactions added for offline payments (docs/requirements.md §4.9, ADR 0054). */
export function cockpitTicketPaymentMethods(client: CockpitClient): Pick<TransactionsRepository, "ticketPaymentMethods"> {
  return {
    async ticketPaymentMethods(ticketIds) {
      const ids = [...new Set(ticketIds)];
      if (ids.length === 0) return {};
      const { entries } = await client.find(MEMBERTRANSACTIONS, {
        filter: { status: "success", ticketId: { $in: ids } },
        fields: { ticketId: 1, paymentMethod: 1 },
        limit: MAX_SCAN,
      });
      return Object.fromEntries(entries.map((entry) => [String(entry.ticketId), oneOf(entry.paymentMethod, PAYMENT_METHODS, "card")]));
    },
  };
}
