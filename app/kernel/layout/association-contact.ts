import { addressLines } from "../store/postal-address";
import type { SiteSettings } from "../store/site-settings";
import { ASSOCIATION } from "./association";

/** How to reach the association, as the settings say now: what receipts, e-mails and the Contact page print. */
export interface AssociationContact {
  name: string;
  /** The postal address's lines. */
  address: string[];
  /** The contact e-mail ("" when none is set). */
  email: string;
  /** The contact phone ("" when none is set). */
  phone: string;
}

export function associationContact(settings: Pick<SiteSettings, "postalAddress" | "primaryContactEmail" | "primaryContactNumber">): AssociationContact {
  return {
    name: ASSOCIATION.name,
    address: addressLines(settings.postalAddress),
    email: settings.primaryContactEmail.trim(),
    phone: settings.primaryContactNumber.trim(),
  };
}

/** "contact the association at info@example.org", or without the address when none is set: the e-mails' closing line. */
export function contactTheAssociation(email: string): string {
  return email ? `contact the association at ${email}` : "contact the association";
}
