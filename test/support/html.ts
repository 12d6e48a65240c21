import { DomUtils, parseDocument } from "htmlparser2";

/** Reading pages as HTML, not as text: the parts of a page a test asks about. */

/** The text of the form's message (role="alert"), or null when there is none. */
export function formMessage(html: string): string | null {
  const alert = DomUtils.findOne((element) => element.attribs.role === "alert", parseDocument(html).children, true);
  return alert ? DomUtils.textContent(alert).trim() : null;
}
