import { useState, type KeyboardEvent, type PointerEvent } from "react";
import { moveTo } from "~/features/studio/slide-order";

/**
 * Dragging a studio list's rows by their handles (JavaScript only; each list keeps its up and
 * down buttons for pages without it): the home slides and a gallery's photos. Pointer events,
 * so a finger drags as a mouse does; the arrow keys on a handle move its row one place. While
 * dragging, the rows show the dragged order; the drop (or the key) calls `post` with the whole
 * new order and the row that moved, and the list then shows `posted` (the order on its way)
 * until the server's answer replaces `serverIds`. Rows carry their id in `data-row-id`.
 */
export function useRowDrag(
  serverIds: readonly string[],
  {
    saving,
    posted,
    post,
  }: {
    /** The list's order is being saved: handles wait. */
    saving: boolean;
    /** The order being saved, shown until the answer comes. */
    posted?: string[];
    post: (next: string[], moved: string) => void;
  },
) {
  const [dragging, setDragging] = useState<{ id: string; order: string[] } | null>(null);
  const order = dragging?.order ?? posted ?? [...serverIds];

  const save = (next: readonly string[], moved: string) => {
    if (next.every((id, index) => id === serverIds[index])) return;
    post([...next], moved);
  };

  const handleProps = (id: string) => ({
    disabled: saving,
    onPointerDown(event: PointerEvent<HTMLButtonElement>) {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      setDragging({ id, order: [...serverIds] });
    },
    onPointerMove(event: PointerEvent<HTMLButtonElement>) {
      const list = event.currentTarget.closest("ol");
      if (dragging?.id !== id || !list) return;
      // The dragged row's place: how many of the other rows come before the pointer. In a list, the rows whose
      // middles are above it; in a grid (a gallery's photos side by side), the rows above its line, and on its
      // line those whose middles are to its left.
      const rows = [...list.querySelectorAll<HTMLElement>("[data-row-id]")].filter((row) => row.dataset.rowId !== id);
      const boxes = rows.map((row) => row.getBoundingClientRect());
      const grid = new Set(boxes.map((box) => Math.round(box.left))).size > 1;
      const place = boxes.filter((box) => {
        if (!grid) return box.top + box.height / 2 < event.clientY;
        if (box.bottom < event.clientY) return true;
        if (box.top > event.clientY) return false;
        return box.left + box.width / 2 < event.clientX;
      }).length;
      const from = dragging.order.indexOf(id);
      if (place !== from) setDragging({ id, order: moveTo(dragging.order, from, place) });
    },
    onPointerUp() {
      if (dragging?.id !== id) return;
      setDragging(null);
      save(dragging.order, id);
    },
    onPointerCancel() {
      setDragging(null);
    },
    // The handle is a button: arrow keys move its row too, saved at once.
    onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
      if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
      event.preventDefault();
      const from = serverIds.indexOf(id);
      save(moveTo(serverIds, from, event.key === "ArrowUp" ? from - 1 : from + 1), id);
    },
  });

  return { order, draggingId: dragging?.id ?? null, saving, handleProps };
}
