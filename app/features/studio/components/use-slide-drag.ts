import { useNavigation, useSubmit } from "@remix-run/react";
import { useState, type KeyboardEvent, type PointerEvent } from "react";
import { moveTo } from "~/features/studio/slide-order";

/**
 * Dragging /studio/slides' rows by their handles (JavaScript only; the up and down buttons
 * stay for keyboards and pages without it). Pointer events, so a finger drags as a mouse
 * does. The drop posts the whole order to the page's action (intent "order"); while it
 * saves, the rows keep the dropped order, then show the order the server answered (an error
 * comes back as the page's action data, as the buttons' do). A plain submission, not useFetcher:
 * useFetcher would put its code in the framework chunk every public page loads.
 */
export function useSlideDrag(serverIds: readonly string[]) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const [dragging, setDragging] = useState<{ id: string; order: string[] } | null>(null);
  const saving = navigation.formData?.get("intent") === "order";
  const posted = saving ? (navigation.formData?.getAll("ids") as string[] | undefined) : undefined;
  const order = dragging?.order ?? posted ?? [...serverIds];

  const save = (next: readonly string[]) => {
    if (next.every((id, index) => id === serverIds[index])) return;
    const form = new FormData();
    form.set("intent", "order");
    for (const id of next) form.append("ids", id);
    submit(form, { method: "post", preventScrollReset: true });
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
      // The dragged row's place: how many of the other rows' middles are above the pointer.
      const rows = [...list.querySelectorAll<HTMLElement>("[data-slide-id]")].filter((row) => row.dataset.slideId !== id);
      const place = rows.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top + box.height / 2 < event.clientY;
      }).length;
      const from = dragging.order.indexOf(id);
      if (place !== from) setDragging({ id, order: moveTo(dragging.order, from, place) });
    },
    onPointerUp() {
      if (dragging?.id !== id) return;
      setDragging(null);
      save(dragging.order);
    },
    onPointerCancel() {
      setDragging(null);
    },
    // The handle is a button: arrow keys move its slide too, saved at once.
    onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
      if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
      event.preventDefault();
      const from = serverIds.indexOf(id);
      save(moveTo(serverIds, from, event.key === "ArrowUp" ? from - 1 : from + 1));
    },
  });

  return { order, draggingId: dragging?.id ?? null, saving, handleProps };
}
