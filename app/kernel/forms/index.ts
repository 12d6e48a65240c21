/**
 * The one form family: every form renders its fields, its form message and its submit
 * button through these (docs/decisions/0028). Messages come from the action's
 * `submission.reply()`: read with `useFormReply` where the server is the one judge, or
 * through conform's `useForm` (member pages, `fields.x.errors`).
 */
export { Field, type FieldProps } from "./Field";
export { fieldBinder, type BoundField, type FieldBinder } from "./field-binder";
export { FormMessage } from "./FormMessage";
export { PENDING_TEXT, SubmitButton, type SubmitButtonProps } from "./SubmitButton";
export { formMessageReply, isFormReply, replyErrors, replyValue, type FormReply } from "./reply";
export { useFocusFirstError, useFormReply } from "./use-form-reply";
