import { useEffect, useState } from "react";
import type { Toast } from "~/kernel/http/toast";

/**
 * The one-time message after an action. The live region is always in the page
 * and the message is put into it, so screen readers announce it.
 */
export function ToastMessage({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => setVisible(toast), [toast]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {visible ? (
        <div className={`toast toast-${visible.kind}`}>
          <p>{visible.message}</p>
          <button type="button" className="toast-close" aria-label="Dismiss message" onClick={() => setVisible(null)}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
