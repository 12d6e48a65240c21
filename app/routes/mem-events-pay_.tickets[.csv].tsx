import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eventsCsv } from "~/services/events-report.server";

/** GET /mem-events-pay/tickets.csv: every ticket of the chosen year and event (accountants only; no action, so a POST gets 405). */
export const loader = ({ request, context }: LoaderFunctionArgs) => eventsCsv(request, context);
