import { describe, expect, it } from "vitest";
import { commonPasswordSet, newPasswordProblem, personalParts } from "~/kernel/auth/new-password";
import { commonPasswords, newPasswordMessage } from "~/kernel/auth/new-password.server";
import { COMMON_PASSWORD_MESSAGE, PERSONAL_PASSWORD_MESSAGE } from "~/kernel/auth/new-password";

const LIST = commonPasswordSet("123456\npassword\nPassword1\n\nletmein  \nqwertyuiop\n");
const ADA = { fullName: "Dr Ada Lovelace-Byron", email: "ada.l@example.org" };

describe("a new password (docs/requirements.md §11.5, ADR 72)", () => {
  it("reads the list one password a line, without case or blank lines", () => {
    expect([...LIST]).toEqual(["123456", "password", "password1", "letmein", "qwertyuiop"]);
  });

  it("refuses a password on the list, whatever its case or the spaces around it", () => {
    for (const password of ["password", "PASSWORD", "PassWord1", " qwertyuiop ", "LetMeIn"]) {
      expect(newPasswordProblem(password, ADA, LIST), password).toBe("common");
    }
  });

  it("takes a password that is only close to one on the list", () => {
    for (const password of ["password12", "qwertyuiop!", "let me in"]) expect(newPasswordProblem(password, ADA, LIST), password).toBeNull();
  });

  it("refuses a password containing a word of the member's name (3 letters or more) or the e-mail's local part", () => {
    for (const password of ["ada2024!x", "LOVELACE-rules", "byronic-poet", "my ada.l pass", "xxADA.Lxx"]) {
      expect(newPasswordProblem(password, ADA, LIST), password).toBe("personal");
    }
  });

  it("ignores the short words of a name, titles of two letters, and the e-mail's domain", () => {
    expect(personalParts({ fullName: "Dr Jo Li", email: "jo@example.org" })).toEqual([]);
    expect(newPasswordProblem("dr-jo-li-example.org", { fullName: "Dr Jo Li", email: "jo@example.org" }, LIST)).toBeNull();
    expect(personalParts(ADA)).toEqual(["ada", "lovelace", "byron", "ada.l"]);
  });

  it("compares names in any alphabet without case", () => {
    expect(personalParts({ fullName: "Zoë Øvergård", email: null })).toEqual(["zoë", "øvergård"]);
    expect(newPasswordProblem("ZOË-in-the-garden", { fullName: "Zoë Øvergård" }, LIST)).toBe("personal");
  });

  it("takes a password with no owner known and not on the list", () => {
    expect(newPasswordProblem("correct horse battery", {}, LIST)).toBeNull();
  });
});

describe("the list shipped with the code (app/kernel/auth/common-passwords.txt)", () => {
  it("holds the 10,000 commonest breached passwords, 9,913 once case is set aside, built once", () => {
    const set = commonPasswords();
    expect(set.size).toBe(9_913);
    expect(commonPasswords()).toBe(set);
    for (const password of ["123456", "password", "qwertyuiop", "trustno1", "iloveyou", "football", "baseball", "superman"])
      expect(set.has(password)).toBe(true);
  });

  it("gives the plain messages shown under the field", () => {
    expect(newPasswordMessage("Football", {})).toBe(COMMON_PASSWORD_MESSAGE);
    expect(newPasswordMessage("grace-hopper-1906", { fullName: "Grace Hopper" })).toBe(PERSONAL_PASSWORD_MESSAGE);
    expect(newPasswordMessage("correct horse battery", { fullName: "Grace Hopper", email: "grace@example.org" })).toBeNull();
  });
});
