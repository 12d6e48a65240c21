import type { BadAddress } from "~/kernel/store/records";

/** The accountants' "Bad addresses" page's words (docs/requirements.md §13). */
export const BAD_REASON_LABELS: Record<BadAddress["reason"], string> = {
  bounced: "Bounced",
  complained: "Marked as spam",
};

export const BAD_ADDRESSES_INTRO =
  "Member mailings are not sent to these addresses. Open the member's page and use Edit to correct the e-mail address; the address then leaves this list.";

export const BAD_ADDRESSES_EMPTY = "No bad addresses: every member mailing could be delivered.";
