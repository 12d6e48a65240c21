import { describe, expect, it } from "vitest";
import { EMPTY_FIELD_MESSAGE, loginSchema } from "~/features/sign-in/login";
import { parseForm } from "../../../support/submission";

/** As the Sign In action parses a post: parseWithZod, the password never sent back. */
const parseLoginForm = (data: FormData) => parseForm(loginSchema, data, ["password"]);

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the Sign In form", () => {
  it("accepts an e-mail and a password, lower-casing and trimming the e-mail but never the password", () => {
    expect(parseLoginForm(form({ email: "  Member@Example.ORG ", password: " secret " }))).toEqual({
      ok: true,
      data: { email: "member@example.org", password: " secret " },
    });
  });

  it("says 'Empty field is not allowed!' under each empty or missing field", () => {
    expect(parseLoginForm(form({ email: "", password: "" }))).toEqual({
      ok: false,
      values: {},
      errors: { email: EMPTY_FIELD_MESSAGE, password: EMPTY_FIELD_MESSAGE },
    });
    expect(parseLoginForm(new FormData())).toMatchObject({ ok: false, errors: { email: EMPTY_FIELD_MESSAGE, password: EMPTY_FIELD_MESSAGE } });
    expect(parseLoginForm(form({ email: "   ", password: "x" }))).toMatchObject({ ok: false, errors: { email: EMPTY_FIELD_MESSAGE } });
  });

  it("refuses an e-mail that is not one with the same message, keeping it as typed", () => {
    const result = parseLoginForm(form({ email: "not-an-email", password: "x" }));
    expect(result).toEqual({ ok: false, values: { email: "not-an-email" }, errors: { email: EMPTY_FIELD_MESSAGE } });
  });

  it("refuses an absurdly long password before any hashing", () => {
    const result = parseLoginForm(form({ email: "a@example.org", password: "x".repeat(1025) }));
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.errors.password).toMatch(/at most 1024 characters/);
  });

  it("reads a file where text belongs as empty", () => {
    const data = form({ email: "a@example.org" });
    data.set("password", new File(["secret"], "password.txt"));
    expect(parseLoginForm(data)).toMatchObject({ ok: false, errors: { password: EMPTY_FIELD_MESSAGE } });
  });
});
