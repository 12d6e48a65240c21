import { useActionData, useBlocker, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/**
 * The unsaved-changes warning (docs/requirements.md §7.11): an editor who has typed in a studio
 * form and then follows a link, goes back or closes the tab is asked first. With JavaScript
 * only: a page without it cannot know that a field changed (there is no HTML attribute that
 * asks before leaving a changed form), so without JavaScript nothing warns.
 *
 * A form is changed when what it would post differs from what it held when the page showed it
 * (typing a word and deleting it again is no change). The rich-text editor writes into its
 * textarea, so its changes count too. The form being sent is not a change: a save never
 * warns, and after a successful save (the action redirects) what is on the page is the new
 * starting point; after a refused save what was typed is still unsaved.
 */

export const UNSAVED_CHANGES_MESSAGE = "You have changes that are not saved. Leave this page and lose them?";

/** What a form would post, as one string to compare (a chosen file by its name and size). */
export function formState(form: HTMLFormElement): string {
  const entries: string[] = [];
  for (const [name, value] of new FormData(form)) entries.push(`${name}=${typeof value === "string" ? value : `${value.name}:${value.size}`}`);
  return JSON.stringify(entries);
}

/** Warns before leaving the page while a form on it has unsaved changes (all the page's forms). */
export function useUnsavedChangesWarning(message: string = UNSAVED_CHANGES_MESSAGE) {
  const saved = useRef(new WeakMap<HTMLFormElement, string>());
  const sending = useRef<HTMLFormElement | null>(null);
  const navigation = useNavigation();
  const reply = useActionData();

  const remember = useCallback((form: HTMLFormElement | null | undefined) => {
    if (form && !saved.current.has(form)) saved.current.set(form, formState(form));
  }, []);

  const changed = useCallback(() => {
    for (const form of Array.from(document.forms)) {
      if (form === sending.current) continue;
      const before = saved.current.get(form);
      if (before !== undefined && before !== formState(form)) return true;
    }
    return false;
  }, []);

  useEffect(() => {
    for (const form of Array.from(document.forms)) remember(form);
    // A form drawn later (a confirmation step, a row's rename) is remembered when first touched, before any change.
    const onFocus = (event: FocusEvent) => remember((event.target as Element | null)?.closest?.("form"));
    const onSubmit = (event: SubmitEvent) => {
      sending.current = event.target as HTMLFormElement;
    };
    const onLeave = (event: BeforeUnloadEvent) => {
      if (!changed()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    document.addEventListener("focusin", onFocus, true);
    document.addEventListener("submit", onSubmit, true);
    window.addEventListener("beforeunload", onLeave);
    return () => {
      document.removeEventListener("focusin", onFocus, true);
      document.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("beforeunload", onLeave);
    };
  }, [remember, changed]);

  // A post came back: a reply means it was refused (what was typed is still unsaved); none means
  // it was saved and the page redirected, so what the forms hold now is the starting point.
  useEffect(() => {
    if (navigation.state !== "idle" || !sending.current) return;
    if (reply === undefined) {
      saved.current = new WeakMap();
      for (const form of Array.from(document.forms)) remember(form);
    }
    sending.current = null;
  }, [navigation.state, reply, remember]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const elsewhere = currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
    return elsewhere && changed();
  });
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
}

/** The warning as an element, for a page frame (StudioPage) to draw. */
export function UnsavedChangesWarning() {
  useUnsavedChangesWarning();
  return null;
}
