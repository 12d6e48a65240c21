import type { MouseEvent } from "react";

/**
 * "Preview": posts the form as it is now, unsaved, to the preview page (docs/requirements.md
 * §7.6), in a new tab, so the form and what was typed stay where they are. Without JavaScript the
 * button's formaction and formtarget do it. With it, the form is sent by the browser itself
 * (not through the app's router, which would open the preview in this tab), and no submit event
 * fires, so the unsaved-changes warning still counts the form as unsaved.
 */
export function PreviewButton({ action }: { action: string }) {
  const open = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    event.preventDefault();
    const was = { action: form.getAttribute("action"), target: form.getAttribute("target") };
    form.setAttribute("action", action);
    form.setAttribute("target", "_blank");
    HTMLFormElement.prototype.submit.call(form);
    if (was.action === null) form.removeAttribute("action");
    else form.setAttribute("action", was.action);
    if (was.target === null) form.removeAttribute("target");
    else form.setAttribute("target", was.target);
  };
  return (
    <button type="submit" className="button button-secondary" formAction={action} formTarget="_blank" formNoValidate onClick={open}>
      Preview
    </button>
  );
}
