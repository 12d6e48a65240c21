import { Form, useNavigation } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply, type FormReply } from "~/kernel/forms";

/** Where the code forms post (app/features/sign-in/routes/login-code.tsx). */
export const LOGIN_CODE_PATH = "/login/code";

/** Whether the page's post on its way is one of the code forms' (each button shows its own pending state). */
export function useCodePostPending(): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formMethod === "POST" && navigation.formAction === LOGIN_CODE_PATH;
}

/**
 * "E-mail me a sign-in code" beside the password (docs/decisions/0069): a second button of the
 * Sign In form, so the e-mail is typed once. It posts the same form to /login/code (its own
 * `formaction`, which works without JavaScript); the password, if typed, is not read there.
 */
export function SendCodeButton() {
  const pending = useCodePostPending();
  return (
    <div className="auth-code">
      <p id="send-code-hint">No password to hand? We can e-mail you a code that signs you in on this browser.</p>
      <SubmitButton
        className="button button-secondary"
        formAction={LOGIN_CODE_PATH}
        formNoValidate
        name="intent"
        value="send"
        aria-describedby="send-code-hint"
        pending={pending}
      >
        E-mail me a sign-in code
      </SubmitButton>
    </div>
  );
}

/**
 * The same request on /login/code, on its own, when no code is waiting there (or the e-mail was
 * refused): one e-mail field. `reply` is that route's answer to it (messages, the e-mail kept).
 */
export function SendCodeForm({ reply }: { reply?: FormReply | null }) {
  const { errors, formError, form } = useFormReply(reply);
  const pending = useCodePostPending();
  return (
    <Form method="post" action={LOGIN_CODE_PATH} noValidate className="auth-form" aria-labelledby="send-code-title" {...form}>
      <h2 id="send-code-title">E-mail me a sign-in code</h2>
      <p>We e-mail you a code that signs you in on this browser.</p>
      <FormMessage message={formError} />
      <input type="hidden" name="intent" value="send" />
      {replyValue(reply, "redirectTo") ? <input type="hidden" name="redirectTo" value={replyValue(reply, "redirectTo")} /> : null}
      <Field
        id="send-code-email"
        name="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        error={errors.email}
        defaultValue={replyValue(reply, "email")}
      />
      <SubmitButton pending={pending}>E-mail me a sign-in code</SubmitButton>
    </Form>
  );
}
