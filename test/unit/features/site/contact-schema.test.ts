import { describe, expect, it } from "vitest";
import { contactSchema } from "~/features/site/contact";
import { CONTACT_LIMITS } from "~/features/site/contact-form";
import { parseForm } from "../../../support/submission";

/** As the Contact page's action parses a post (parseWithZod). */
const parseContactForm = (data: FormData) => parseForm(contactSchema, data);

const valid = {
  name: "Ada",
  lastname: "Lovelace",
  email: "ada@example.com",
  subject: "School places",
  notes: "Hello,\nare there places for September?",
};

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe("the Quick Contact Form schema", () => {
  it("accepts a complete form and trims every value", () => {
    const result = parseContactForm(form({ name: "  Ada ", lastname: "\tLovelace", email: " ada@example.com ", subject: " Hi ", notes: "  line 1\nline 2  " }));
    expect(result).toEqual({
      ok: true,
      data: { name: "Ada", lastname: "Lovelace", email: "ada@example.com", subject: "Hi", notes: "line 1\nline 2" },
    });
  });

  it("gives the required message for each empty field, one per field", () => {
    const result = parseContactForm(form({ name: "", lastname: "", email: "", subject: "", notes: "" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: "Please enter your name",
      lastname: "Please enter your Lastname",
      email: "Please enter your email",
      subject: "Please enter your subject",
      notes: "Please enter your note",
    });
  });

  it("treats missing fields and blank ones (spaces only) as empty", () => {
    const missing = parseContactForm(new FormData());
    expect(missing.ok || missing.errors).toEqual({
      name: "Please enter your name",
      lastname: "Please enter your Lastname",
      email: "Please enter your email",
      subject: "Please enter your subject",
      notes: "Please enter your note",
    });
    const blank = parseContactForm(form({ ...valid, subject: "   ", notes: "\n\t " }));
    expect(blank.ok || blank.errors).toEqual({ subject: "Please enter your subject", notes: "Please enter your note" });
  });

  it.each(["name", "lastname", "email", "subject", "notes"] as const)("flags only the %s field when it alone is empty", (field) => {
    const result = parseContactForm(form({ ...valid, [field]: "" }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
  });

  it("checks the e-mail's format", () => {
    for (const email of ["ada", "ada@", "@example.com", "ada example@example.com", "ada@example"]) {
      const result = parseContactForm(form({ ...valid, email }));
      expect(result.ok || result.errors, email).toEqual({ email: "Please enter a valid email" });
    }
  });

  it("caps the lengths with a clear message", () => {
    const result = parseContactForm(
      form({ ...valid, name: "n".repeat(201), subject: "s".repeat(201), notes: "x".repeat(5001), email: `${"a".repeat(250)}@example.com` }),
    );
    expect(result.ok || result.errors).toEqual({
      name: "Your name must be at most 200 characters",
      subject: "The subject must be at most 200 characters",
      notes: "Your note must be at most 5,000 characters",
      email: "Your email must be at most 254 characters",
    });
    const atTheCap = parseContactForm(form({ ...valid, name: "n".repeat(CONTACT_LIMITS.name), notes: "x".repeat(CONTACT_LIMITS.notes) }));
    expect(atTheCap.ok).toBe(true);
  });

  it("sends back the values as typed when the form is refused", () => {
    const result = parseContactForm(form({ ...valid, name: " Ada ", email: "not-an-email" }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.values).toEqual({ ...valid, name: " Ada ", email: "not-an-email" });
  });

  it("reads a file posted in place of a field as empty", () => {
    const data = form(valid);
    data.set("notes", new Blob(["x"]), "x.txt");
    const result = parseContactForm(data);
    expect(result.ok || result.errors).toEqual({ notes: "Please enter your note" });
  });
});
