export interface Toast {
  kind: "success" | "error" | "info";
  message: string;
  /**
   * Text to offer for copying with the message (the payment link). The toast itself
   * shows only the message; the page that asked for it shows the copy field, so
   * the public pages' shell carries no code for it.
   */
  copy?: { label: string; value: string };
}
