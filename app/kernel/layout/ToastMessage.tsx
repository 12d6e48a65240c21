import { useEffect, useState } from "react";
import type { Toast } from "~/kernel/http/toast";
import { useHydrated } from "./use-hydrated";

/**
 * The one-time message after an action. The live region is always in the page
 * and the message is put into it, so screen readers announce it.
 * With JavaScript it goes away by itself (docs/requirements.md §1.2): the CSS animation of
 * `.toast-timed` waits 6 seconds (an error 12), is paused while the pointer is on the toast or
 * focus is in it, and its end takes the toast out. The timing lives in CSS so that every
 * page's first JavaScript carries only this class and that handler. Without JavaScript it
 * stays; the CSS keeps it below the header either way, so it never covers the menu.
 */
export function ToastMessage({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => setVisible(toast), [toast]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {visible ? (
        <div
          // A new message is a new element, so its time starts again.
          key={visible.message}
          className={`toast toast-${visible.kind}${hydrated ? " toast-timed" : ""}`}
          onAnimationEnd={() => setVisible(null)}
        >
          <p>{visible.message}</p>
          <button type="button" className="toast-close" aria-label="Dismiss message" onClick={() => setVisible(null)}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
