import { DEMO_ACCOUNTS, type DemoAccountKey } from "../seed/demo-accounts";

/** Signs in as a demo account through the login form, as a browser does; returns the `Cookie` header value. */
export async function signInAs(baseUrl: string, key: DemoAccountKey): Promise<string> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.key === key)!;
  const response = await fetch(new URL("/login", baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: { Origin: new URL(baseUrl).origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: account.email, password: account.password }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(`Signing in as ${account.email} answered ${response.status} without a session cookie.`);
  }
  return cookies.join("; ");
}
