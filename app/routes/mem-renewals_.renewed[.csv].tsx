import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { renewalsCsv } from "~/services/renewals-report.server";

/** GET /mem-renewals/renewed.csv: the renewed table of the subscriptions report, every row (accountants only; no action, so a POST gets 405). */
export const loader = ({ request, context }: LoaderFunctionArgs) => renewalsCsv(request, context, "renewed");
