import { useEffect, useState } from "react";
import type { Toast } from "~/domain/toast";

/** The one-time message after an action; announced to screen readers, dismissable. */
export function ToastMessage({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => setVisible(toast), [toast]);
  if (!visible) return null;
  return (
    <div className={`toast toast-${visible.kind}`} role={visible.kind === "error" ? "alert" : "status"}>
      <p>{visible.message}</p>
      <button type="button" className="toast-close" aria-label="Dismiss message" onClick={() => setVisible(null)}>
        ×
      </button>
    </div>
  );
}
