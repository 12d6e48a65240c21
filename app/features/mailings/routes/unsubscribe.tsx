import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { pageMeta } from "~/kernel/layout/page-meta";
import { noIndexHeaders } from "~/kernel/http/response-headers";
import { applyUnsubscribe, loadUnsubscribe, type UnsubscribeView } from "~/features/mailings/unsubscribe/unsubscribe.server";
import { BAD_LINK_TEXT, LEAVE_TEXT, UNSUBSCRIBE_TEXT } from "~/features/mailings/unsubscribe/unsubscribe";

export const meta: MetaFunction = () => [...pageMeta("Unsubscribe", "Stop the association's e-mails."), { name: "robots", content: "noindex" }];

/** One member's page, reached by a signed link: never cached, never listed. */
export const headers: HeadersFunction = () => noIndexHeaders();

/** The page's data: texts chosen on the server, so the page's JavaScript carries none of them. */
function page(view: UnsubscribeView, done: boolean) {
  if (!view.ok) return { ok: false as const, ...BAD_LINK_TEXT };
  const text = UNSUBSCRIBE_TEXT[view.kind];
  return {
    ok: true as const,
    done: done || view.already,
    heading: text.heading,
    greeting: view.firstName ? `Hello ${view.firstName},` : "Hello,",
    from: view.subject ? `This link came with the e-mail "${view.subject}".` : null,
    what: text.what,
    button: text.button,
    result: text.done,
    still: text.still,
    leave: LEAVE_TEXT,
  };
}

/**
 * GET (docs/requirements.md §13, RFC 8058): shows what the member is unsubscribing from and one
 * button, with no sign-in; it changes nothing, because mail scanners follow links. A link we did
 * not make answers 400 with a page that says so.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const view = await loadUnsubscribe(context, params.token);
  return data(page(view, false), { status: view.ok ? 200 : 400, headers: noIndexHeaders() });
}

/**
 * POST: the page's button, or a mail client's one-click (body `List-Unsubscribe=One-Click`, sent
 * from anywhere: server.ts lets this path through the cross-site check, the token is the key). The
 * signed token is the only guard: it names the member, the kind and the mailing.
 */
export async function action({ params, context }: ActionFunctionArgs) {
  const view = await applyUnsubscribe(context, params.token);
  return data(page(view, true), { status: view.ok ? 200 : 400, headers: noIndexHeaders() });
}

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const view = useActionData<typeof action>() ?? loaded;
  return (
    <>
      <PageTitle title="Unsubscribe" />
      <section className="section auth-page">
        <div className="container auth-panel">
          {view.ok ? (
            <>
              <h2 id="unsubscribe-title">{view.heading}</h2>
              <p>{view.greeting}</p>
              {view.from ? <p>{view.from}</p> : null}
              {view.done ? (
                <p role="status">
                  <strong>{view.result}</strong>
                </p>
              ) : (
                <>
                  <p>{view.what}</p>
                  <Form method="post" className="auth-form" aria-labelledby="unsubscribe-title">
                    <SubmitButton>{view.button}</SubmitButton>
                  </Form>
                </>
              )}
              <p>{view.still}</p>
              <p>{view.leave}</p>
              <p>
                <Link to="/contact">Contact us</Link>
              </p>
            </>
          ) : (
            <>
              <h2>{view.heading}</h2>
              <p>{view.body}</p>
              <p>
                <Link to="/login">Sign in</Link>
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
