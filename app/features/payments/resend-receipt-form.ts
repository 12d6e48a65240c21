import { z } from "zod";

/**
 * Sending a receipt again (docs/requirements.md §4.11): the form is only where to go back to (a path on
 * this site; anything else goes to the member's page, resend-receipt.ts resendReturnPath).
 */
export const resendReceiptSchema = z.object({ redirectTo: z.string().max(2048).optional() });
