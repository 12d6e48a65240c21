import { Form } from "@remix-run/react";

/**
 * One button of a row on a studio list (Remove, Up, Down, Delete): a plain post of its intent
 * and the row's id to the list's own address, so it works without JavaScript. A removal's
 * first press is answered with StudioConfirm's question.
 */
export function StudioRowButton({ path, intent, id, label, text }: { path: string; intent: string; id: string; label: string; text: string }) {
  return (
    <Form method="post" action={path}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button button-secondary" aria-label={label}>
        {text}
      </button>
    </Form>
  );
}
