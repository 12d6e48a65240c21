import { isValidElement, type ReactNode } from "react";

/** What the summary says when fields are wrong and the form has no message of its own. */
export const CHECK_FIELDS_MESSAGE = "Please check the fields marked below.";

export interface FormMessageProps {
  message: string | null | undefined;
  /**
   * The form's fields (the JSX drawn after this message): each Field-like element with an `id`,
   * a `label` and an `error` becomes a link to it in the summary, so a long form's problems are
   * one click away (docs/requirements.md §1.10). With it, field messages and no form message
   * still show the summary, with CHECK_FIELDS_MESSAGE.
   */
  summaryOf?: ReactNode;
}

export interface SummaryLink {
  id: string;
  label: string;
}

/** A label's words (a label may be a string or a little JSX). */
function textOf(node: ReactNode): string {
  if (node == null || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return "";
}

/**
 * The fields with a message in `node`, in the order drawn: every element whose props have an
 * `id`, a `label` and an `error` (Field, RichTextField, PhotoInput all take these), looked for
 * through plain elements, fragments and lists. Read from the JSX rather than the page, so the
 * summary is in the server's HTML (the form works without JavaScript).
 */
export function summaryLinks(node: ReactNode, found: SummaryLink[] = []): SummaryLink[] {
  if (Array.isArray(node)) {
    for (const child of node) summaryLinks(child, found);
  } else if (isValidElement<Record<string, unknown>>(node)) {
    const { id, label, error, children } = node.props;
    if (typeof id === "string" && error && label != null) found.push({ id, label: textOf(label as ReactNode).trim() || id });
    else summaryLinks(children as ReactNode, found);
  }
  return found;
}

/**
 * A message about the whole form (wrong credentials, too many attempts, our records
 * unreachable, "Please check the fields marked below") and, given the form's fields, a link to
 * each field to fix, named by its label.
 */
export function FormMessage({ message, summaryOf }: FormMessageProps) {
  const links = summaryOf === undefined ? [] : summaryLinks(summaryOf);
  const shown = message || (links.length ? CHECK_FIELDS_MESSAGE : null);
  if (!shown) return null;
  return (
    <>
      <p className="form-error" role="alert" tabIndex={-1}>
        {shown}
      </p>
      {links.length ? (
        <ul className="form-error-links" aria-label="Fields to check">
          {links.map((link) => (
            <li key={link.id}>
              <a href={`#${link.id}`}>{link.label}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
