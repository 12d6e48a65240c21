import { FormMessage } from "~/kernel/forms";
import type { Confirmation } from "~/kernel/forms/confirm-step";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";

/** A studio list's answer to a row button: the question to confirm (`confirmStep()`), or why nothing was done. */
export type StudioRowAnswer = { confirm: Confirmation } | { formError: string };

/** At the top of a studio list: the question its row button asked (ConfirmStep), or the refusal's message. */
export function StudioRowReply({ answer, path }: { answer: StudioRowAnswer | null | undefined; path: string }) {
  return (
    <>
      {answer && "confirm" in answer ? <ConfirmStep confirm={answer.confirm} action={path} cancelTo={path} /> : null}
      <FormMessage message={answer && "formError" in answer ? answer.formError : undefined} />
    </>
  );
}
