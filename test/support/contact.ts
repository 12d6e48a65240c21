/** The texts for the Quick Contact Form (docs/requirements.md §1.10), as the tests expect to read them. */
export const CONTACT_MESSAGES = [
  "Please enter your name",
  "Please enter your Lastname",
  "Please enter your email",
  "Please enter your subject",
  "Please enter your note",
];
export const CONTACT_THANKS = "Thank you for contacting us. We will get back you soon.";
export const CONTACT_TOO_MANY = "Too many messages. Please try again later.";

/**
 * A fresh e-mail for each message: the contact limits count per e-mail at an address (and
 * per address, which each test sends in CF-Connecting-IP), so tests never use up each
 * other's allowance.
 */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
