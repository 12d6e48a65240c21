import { useId, useState } from "react";
import { useHydrated } from "~/kernel/layout/use-hydrated";

/**
 * A value to pass on by hand (the payment link): always a visible, selectable field;
 * with JavaScript also a Copy button that puts it on the clipboard.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  }
  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field-row">
        <input id={id} type="text" readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
        {hydrated ? (
          <button type="button" className="button" onClick={copy}>
            Copy
          </button>
        ) : null}
      </div>
      <p className="copy-field-status" role="status">
        {copied === "yes" ? "Copied to the clipboard." : copied === "no" ? "Could not copy: select the link and copy it by hand." : ""}
      </p>
    </div>
  );
}
