import { parseWithZod } from "@conform-to/zod/v4";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { rejectionSchema, REJECTION_MESSAGES } from "~/features/office/member-rejection";
import { installPlainMessages, PLAIN_MESSAGES, plainMessage } from "~/kernel/forms/plain-messages";

/** The site's one zod error map (ADR 68): plain words whenever a schema has none of its own. */

/** Developer wording zod and JavaScript use; none may reach a person. */
const DEVELOPER = /invalid input|expected|received|undefined|null|NaN|required\b(?! )|zod|\[object/i;

/** The first message of a post parsed as the site parses forms, with the map passed per parse (no global left changed). */
function messageOf(schema: z.ZodType, fields: Record<string, string>): string | undefined {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const reply = parseWithZod(form, { schema, error: plainMessage }).reply();
  return Object.values(reply.error ?? {})[0]?.[0];
}

describe("plainMessage", () => {
  it("answers a missing or empty field with the field's own 'empty' message, where its schema has one", () => {
    // The rejection's reason: zod's own words were "Invalid input: expected string, received undefined".
    expect(messageOf(rejectionSchema, {})).toBe(REJECTION_MESSAGES.reason);
    expect(messageOf(rejectionSchema, { reason: "" })).toBe(REJECTION_MESSAGES.reason);
    expect(messageOf(rejectionSchema, { reason: "   " })).toBe(REJECTION_MESSAGES.reason);
  });

  it("answers any other missing field with 'Please fill in this field.'", () => {
    const schema = z.object({ name: z.string(), email: z.email(), count: z.number(), kind: z.enum(["a", "b"]), agree: z.literal("on") });
    for (const name of ["name", "email", "count", "kind", "agree"]) {
      const fields: Record<string, string> = { name: "Ada", email: "ada@example.org", count: "3", kind: "a", agree: "on" };
      delete fields[name];
      expect(messageOf(schema, fields), name).toBe(PLAIN_MESSAGES.required);
    }
  });

  it("keeps a schema's own message for every issue it names", () => {
    const schema = z.object({ email: z.email({ error: "Enter your e-mail" }), count: z.number({ error: "How many people?" }) });
    expect(messageOf(schema, { count: "2" })).toBe("Enter your e-mail");
    expect(messageOf(schema, { email: "nope", count: "2" })).toBe("Enter your e-mail");
    expect(messageOf(schema, { email: "a@example.org", count: "lots" })).toBe("How many people?");
  });

  it("says in plain words what is wrong with a value", () => {
    const cases: Array<[z.ZodType, string, string]> = [
      [z.email(), "nope", PLAIN_MESSAGES.email],
      [z.url(), "nope", PLAIN_MESSAGES.url],
      [z.number(), "lots", PLAIN_MESSAGES.number],
      [z.number().int(), "1.5", PLAIN_MESSAGES.wholeNumber],
      [z.number().max(300), "301", PLAIN_MESSAGES.tooBig(300)],
      [z.number().min(1), "0", PLAIN_MESSAGES.tooSmall(1)],
      [z.string().max(7), "300 people", PLAIN_MESSAGES.tooLong(7)],
      [z.string().min(8), "short", PLAIN_MESSAGES.tooShort(8)],
      [z.enum(["a", "b"]), "c", PLAIN_MESSAGES.choose],
      [z.string().regex(/^\d+$/), "abc", PLAIN_MESSAGES.check],
      [z.string().refine(() => false), "x", PLAIN_MESSAGES.check],
    ];
    for (const [field, value, expected] of cases) {
      const message = messageOf(z.object({ field }), { field: value });
      expect(message, `${value}`).toBe(expected);
      expect(message).not.toMatch(DEVELOPER);
    }
  });

  it("is every parse's map once installed, below a schema's own messages", () => {
    const schema = z.object({ reason: z.string(), note: z.string({ error: "Write a note" }) });
    const bare = () => parseWithZod(new FormData(), { schema }).reply().error ?? {};
    expect(bare().reason?.[0]).toMatch(/expected string/);
    installPlainMessages();
    try {
      expect(bare().reason).toEqual([PLAIN_MESSAGES.required]);
      expect(bare().note).toEqual(["Write a note"]);
    } finally {
      z.config({ customError: undefined });
    }
  });
});

afterEach(() => {
  // The unit project shares one module graph (isolate: false): nothing may leave zod's map changed.
  expect(z.config().customError).toBeUndefined();
});
