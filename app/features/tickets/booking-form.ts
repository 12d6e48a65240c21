import { z } from "zod";
import type { Membership } from "~/kernel/store/records";
import type { TicketPattern } from "~/kernel/store/site-settings";
import { ANOTHER_TICKET_FIELD, anotherTicketAsked } from "./ticket-booking";
import { partyInputFrom, validateParty } from "./ticket-rules";

/**
 * The booking form (/book-ticket) as a schema, for parseWithZod: the party rules of
 * ticket-rules.ts (`validateParty`, one message per field, keyed by the form's field
 * names) and whether a second ticket is asked for. The shown groups depend on the
 * pattern and membership, so the schema is made per post.
 */
export function bookingFormSchema(options: { pattern: TicketPattern; membership: Membership }) {
  return z.record(z.string(), z.unknown()).transform((form, ctx) => {
    const checked = validateParty(
      partyInputFrom((field) => form[field]),
      options,
    );
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.errors)) ctx.addIssue({ code: "custom", path: [field], message });
      return z.NEVER;
    }
    return { party: checked.party, another: anotherTicketAsked(form[ANOTHER_TICKET_FIELD]) };
  });
}
