/** The `name=value` pair of one cookie a response sets, or null. */
export function setCookiePair(response: Response, name: string): string | null {
  return (
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!.trim())
      .find((pair) => pair.startsWith(`${name}=`)) ?? null
  );
}

/** The whole Set-Cookie line of one cookie, attributes included, or null. */
export function setCookieLine(response: Response, name: string): string | null {
  return response.headers.getSetCookie().find((cookie) => cookie.trim().startsWith(`${name}=`)) ?? null;
}
