import { useEffect, useReducer, useRef, useState, type ReactNode } from "react";
import richTextFieldStyles from "~/kernel/forms/rich-text-field.css?url";
import type { Editor } from "./rich-text-editor";
import { linkAddress } from "./link-address";

/** The field's stylesheet: a route that draws a RichTextField adds these to its `links`. */
export const richTextFieldLinks = () => [{ rel: "stylesheet", href: richTextFieldStyles }];

export interface RichTextFieldProps {
  /** The textarea's id; its message is `${id}-error`, its hint `${id}-hint`, its label `${id}-label`. */
  id: string;
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** The HTML to start from. */
  defaultValue?: string;
  rows?: number;
  maxLength?: number;
  required?: boolean;
}

type Command = { label: string; run: (e: Editor, openLink: () => void) => void; active?: (e: Editor) => boolean };

/**
 * The link dialog's answer (docs/requirements.md §7.11): what was typed, read by the one link rule
 * the sanitizer also uses (link-address.ts), so "www.example.org/page" is linked as
 * https://www.example.org/page and only what cannot be a link is refused, with a message.
 * Empty removes the link. With nothing selected, the address itself is inserted as the link's words.
 * Returns the message to show, or null when done.
 */
function applyLink(editor: Editor, typed: string): string | null {
  if (typed.trim() === "") {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    return null;
  }
  const link = linkAddress(typed);
  if (!link.ok) return link.message;
  if (editor.state.selection.empty && !editor.isActive("link")) {
    editor
      .chain()
      .focus()
      .insertContent({ type: "text", text: typed.trim(), marks: [{ type: "link", attrs: { href: link.href } }] })
      .run();
  } else editor.chain().focus().extendMarkRange("link").setLink({ href: link.href }).run();
  return null;
}

const COMMANDS: Command[] = [
  { label: "Bold", run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive("bold") },
  { label: "Italic", run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive("italic") },
  { label: "Heading", run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), active: (e) => e.isActive("heading", { level: 2 }) },
  { label: "Subheading", run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: (e) => e.isActive("heading", { level: 3 }) },
  { label: "Bullet list", run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive("bulletList") },
  { label: "Numbered list", run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive("orderedList") },
  { label: "Quote", run: (e) => e.chain().focus().toggleBlockquote().run(), active: (e) => e.isActive("blockquote") },
  { label: "Link", run: (_e, openLink) => openLink(), active: (e) => e.isActive("link") },
  { label: "Undo", run: (e) => e.chain().focus().undo().run() },
  { label: "Redo", run: (e) => e.chain().focus().redo().run() },
];

/**
 * A rich-text field for the studio (docs/requirements.md §7.11, ADR 44). The page draws a plain textarea with
 * the HTML, which is the whole field without JavaScript; in the browser the editor (Tiptap)
 * is imported on first render and takes the textarea's place, writing every change back
 * into it, so the form posts the same field either way. The import happens in an effect,
 * never at module level, so the library is a chunk of its own that only pages drawing this
 * field fetch. Same props style as Field.
 */
export function RichTextField({ id, name, label, error, hint, className, defaultValue, rows = 12, maxLength, required }: RichTextFieldProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  const [link, setLink] = useState<{ typed: string; message: string | null } | null>(null);
  const linkInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (link && !link.message) linkInput.current?.focus();
  }, [link]);

  const openLink = () => {
    if (editor) setLink({ typed: (editor.getAttributes("link").href as string | undefined) ?? "", message: null });
  };
  const submitLink = () => {
    if (!editor || !link) return;
    const message = applyLink(editor, link.typed);
    if (message) {
      setLink({ ...link, message });
      linkInput.current?.focus();
    } else setLink(null);
  };
  const closeLink = () => {
    setLink(null);
    editor?.commands.focus();
  };

  useEffect(() => {
    let made: Editor | null = null;
    let cancelled = false;
    import("./rich-text-editor")
      .then(({ createRichTextEditor }) => {
        if (cancelled || !textarea.current || !host.current) return;
        made = createRichTextEditor({ textarea: textarea.current, host: host.current, onChange: refresh });
        setEditor(made);
      })
      // Without the editor (a failed download) the textarea stays: the field still works.
      .catch((reason) => console.error("The rich-text editor could not load:", reason));
    return () => {
      cancelled = true;
      made?.destroy();
    };
  }, []);

  const describedBy = `${hint ? `${id}-hint ` : ""}${error ? `${id}-error` : ""}`.trim() || undefined;
  return (
    <div className={`field field-${name} field-rich-text ${className ?? ""}`}>
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {editor ? (
        <div className="rich-text-toolbar" role="toolbar" aria-label="Formatting" aria-controls={`${id}-editor`}>
          {COMMANDS.map((command) => (
            <button
              key={command.label}
              type="button"
              className="rich-text-tool"
              aria-pressed={command.active ? command.active(editor) : undefined}
              // A click keeps the focus (and the selection) in the editor: the command's own focus()
              // comes a frame later, and what is typed in between would go to the button.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => command.run(editor, openLink)}
            >
              {command.label}
            </button>
          ))}
        </div>
      ) : null}
      {editor && link ? (
        // Not a <form>: it sits inside the page's form. Enter applies, Escape closes.
        <div className="rich-text-link-dialog" role="dialog" aria-label="Link" id={`${id}-link-dialog`}>
          <label htmlFor={`${id}-link`}>Link to: a web address, an e-mail address or a phone number. Leave empty to remove the link.</label>
          <input
            ref={linkInput}
            id={`${id}-link`}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={link.typed}
            aria-invalid={link.message ? true : undefined}
            aria-describedby={link.message ? `${id}-link-error` : undefined}
            onChange={(event) => setLink({ typed: event.target.value, message: null })}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                submitLink();
              } else if (event.key === "Escape") {
                event.preventDefault();
                closeLink();
              }
            }}
          />
          {link.message ? (
            <p className="field-error" id={`${id}-link-error`} role="alert">
              {link.message}
            </p>
          ) : null}
          <p className="rich-text-link-buttons">
            <button type="button" className="button" onClick={submitLink}>
              Apply link
            </button>
            <button type="button" className="button button-secondary" onClick={closeLink}>
              Cancel
            </button>
          </p>
        </div>
      ) : null}
      <div ref={host} id={`${id}-editor`} className="rich-text-editor" hidden={!editor} />
      <textarea
        ref={textarea}
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={rows}
        maxLength={maxLength}
        required={required}
        hidden={Boolean(editor)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
