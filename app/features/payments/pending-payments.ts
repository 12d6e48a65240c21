import { z } from "zod";

/** What /accounts/payments shows: a page of the payments started but not settled, as text. */
export interface PendingPaymentRow {
  id: string;
  created: string;
  name: string;
  email: string;
  title: string;
  amount: string;
  /** Whether the member reached the checkout at all. */
  started: boolean;
}

export interface PendingPaymentsView {
  /** 1-based. */
  page: number;
  pages: number;
  total: number;
  rows: PendingPaymentRow[];
}

/** What a row's Reconcile posts: the transaction's id. Only the route's action parses it (ADR 28). */
export const reconcileSchema = z.object({ id: z.string().min(1).max(64) });
