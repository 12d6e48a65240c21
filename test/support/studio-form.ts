import type { Element } from "domhandler";
import { textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { parseHtml } from "./html";

/**
 * A form's fields as a browser would send them, read from the page: inputs (a checkbox only
 * when checked), textareas and selects (the selected option, else the first). Studio tests
 * post the form as the page shows it, with their own changes.
 */
export function formFields(html: string, formSelector: string): Array<[string, string]> {
  const page = parseHtml(html);
  const fields: Array<[string, string]> = [];
  for (const element of page.all(`${formSelector} input, ${formSelector} textarea, ${formSelector} select`)) {
    const name = element.attribs.name;
    if (!name) continue;
    // As typed: React writes a textarea's value as its text, and the browser drops one leading newline.
    // htmlparser2 leaves a textarea's text undecoded (RCDATA): decode it as text of its own (React escaped every < and &).
    if (element.name === "textarea") fields.push([name, textContent(parseDocument(`<div>${textContent(element.children)}</div>`)).replace(/^\r?\n/, "")]);
    else if (element.name === "select") {
      const options = element.children.filter((child): child is Element => "name" in child && child.name === "option");
      const chosen = options.find((option) => "selected" in option.attribs) ?? options[0];
      fields.push([name, chosen?.attribs.value ?? ""]);
    } else if (element.attribs.type === "checkbox") {
      if ("checked" in element.attribs) fields.push([name, element.attribs.value ?? "on"]);
    } else if (element.attribs.type !== "submit") fields.push([name, element.attribs.value ?? ""]);
  }
  return fields;
}

/** `fields` with `changes` applied (a null value removes the field, like an unticked checkbox). */
export function withChanges(fields: Array<[string, string]>, changes: Record<string, string | null>): Array<[string, string]> {
  const kept = fields.filter(([name]) => !(name in changes));
  return [...kept, ...Object.entries(changes).flatMap(([name, value]): Array<[string, string]> => (value === null ? [] : [[name, value]]))];
}
