import { useNavigation, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { parseMemberActionValue } from "~/features/office/member-action-value";
import { confirmationQuestion } from "~/features/office/member-actions";

/**
 * The submit handler of the form around the members table: asks the question of docs/requirements.md §6.3
 * (the name comes from the row's name cell), then posts through Remix so the page
 * updates in place. Without JavaScript the form posts by itself and the server asks
 * instead. Also returns the row being submitted ({ id, action }) for "Please wait...".
 */
export function useRowActionSubmit() {
  const submit = useSubmit();
  const navigation = useNavigation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const chosen = submitter instanceof HTMLButtonElement ? parseMemberActionValue(submitter.value) : null;
    if (!chosen || !(submitter instanceof HTMLButtonElement)) return;
    event.preventDefault();
    const name = document.getElementById(`name-${chosen.id}`)?.querySelector(".member-name")?.textContent ?? "";
    const question = confirmationQuestion(chosen.action, name);
    if (question && !window.confirm(question)) return;
    const confirmed = event.currentTarget.elements.namedItem("confirmed");
    if (confirmed instanceof HTMLInputElement) confirmed.value = question ? "1" : "";
    submit(submitter);
  }

  const chosen = navigation.state === "submitting" ? parseMemberActionValue(navigation.formData?.get("do")) : null;
  return { onSubmit, pending: chosen };
}
