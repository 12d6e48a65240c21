import { Editor } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import { linkAddress } from "./link-address";

/**
 * The rich-text editor (Tiptap on ProseMirror, ADR 44), loaded only by RichTextField's
 * dynamic import on studio pages, so no public page downloads it. It edits a copy of the
 * field's textarea: every change is written back to the textarea, which stays the form's
 * control (hidden), so the form posts the same field with or without JavaScript.
 *
 * Only what the CMS allow-list keeps (app/kernel/store/content/sanitize.server.ts) can be made:
 * headings 2 and 3, bold, italic, underline, strike, lists, quotes, rules and links to web
 * pages, e-mail and phone; no code blocks (the site would drop them). So what the editor
 * shows is what the site shows after sanitizing.
 */
export function createRichTextEditor(options: { textarea: HTMLTextAreaElement; host: HTMLElement; onChange(): void }): Editor {
  const { textarea, host, onChange } = options;
  const label = textarea.labels?.[0];
  const editor = new Editor({
    element: host,
    content: textarea.value,
    // The site's CSP allows no <style> element (style-src 'self'): the few rules Tiptap would
    // inject are in app/kernel/forms/rich-text-field.css.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ["mailto", "tel"],
          // The one rule for what a link is (link-address.ts), as the sanitizer keeps them.
          isAllowedUri: (url) => linkAddress(url).ok,
          // The site keeps plain links (the sanitizer drops a target without _blank).
          HTMLAttributes: { target: null, rel: null },
        },
      }),
    ],
    editorProps: {
      attributes: {
        class: "rich-text rich-text-editor-content",
        role: "textbox",
        "aria-multiline": "true",
        ...(label?.id ? { "aria-labelledby": label.id } : {}),
        ...(textarea.getAttribute("aria-describedby") ? { "aria-describedby": textarea.getAttribute("aria-describedby")! } : {}),
        ...(textarea.getAttribute("aria-invalid") ? { "aria-invalid": "true" } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      // An emptied editor posts nothing, as an empty textarea would (so "required" still applies).
      textarea.value = current.isEmpty ? "" : current.getHTML();
      onChange();
    },
    // Any transaction may change what the toolbar shows as on (a bold turned on before typing changes no text).
    onTransaction: () => onChange(),
  });
  return editor;
}

export type { Editor };
