import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SpentLink } from "~/features/sign-in/components/SpentLink";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { pageMeta } from "~/kernel/layout/page-meta";
import { replyErrors } from "~/kernel/forms";
import { signInByCode } from "~/features/sign-in/finish-sign-in.server";
import { privateHeaders } from "~/kernel/http/response-headers";

export const meta: MetaFunction = () => [...pageMeta("Sign-in link", "Sign in with the link we e-mailed you."), { name: "robots", content: "noindex" }];

/** The answer depends on the link's state and this browser's cookie: never cached. */
export const headers: HeadersFunction = () => privateHeaders();

/**
 * The one-tap link of a sign-in code e-mail (docs/decisions/0069). Opening it signs in at once,
 * but only in the browser that asked for the code (its cookie): a mail scanner or anyone the
 * e-mail reaches gets the message below, and the code is left as it was.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const outcome = await signInByCode(request, context);
  if ("signedIn" in outcome) return outcome.signedIn;
  const { refused } = outcome;
  return data({ message: replyErrors(refused.reply)[""] ?? "" }, { status: refused.status, headers: privateHeaders() });
}

export default function LoginCodeLink() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="Sign-in link" parent={{ label: "Sign In", to: "/login" }} />
      <section className="section auth-page">
        <div className="container auth-panel">
          <h2>Sign-in link</h2>
          <SpentLink message={message} onward={{ to: "/login", label: "Back to Sign In" }} />
        </div>
      </section>
    </>
  );
}
