import { useNavigation, useSubmit } from "@remix-run/react";
import { useRowDrag } from "./use-row-drag";

/**
 * Dragging /studio/slides' rows by their handles (use-row-drag.ts). The drop posts the whole
 * order to the page's action (intent "order"); while it saves, the rows keep the dropped order,
 * then show the order the server answered (an error comes back as the page's action data, as
 * the buttons' do). A plain submission, not useFetcher: useFetcher would put its code in the
 * framework chunk every public page loads.
 */
export function useSlideDrag(serverIds: readonly string[]) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const saving = navigation.formData?.get("intent") === "order";
  return useRowDrag(serverIds, {
    saving,
    posted: saving ? (navigation.formData?.getAll("ids") as string[] | undefined) : undefined,
    post(next) {
      const form = new FormData();
      form.set("intent", "order");
      for (const id of next) form.append("ids", id);
      submit(form, { method: "post", preventScrollReset: true });
    },
  });
}
