import { describe, expect, it } from "vitest";
import { actionDoneMessage, actionPatch, actionRefusal, confirmationQuestion, rowActionStates } from "~/features/office/member-actions";

const ME = "accountant-1";
const base = { id: "m-2", fullName: "Sara Thomas", active: true, role: "member" as const, deleted: false, registrationPaid: true };

describe("row actions of the members tables", () => {
  it("asks the required questions, and nothing before sending a payment link", () => {
    expect(confirmationQuestion("delete", "Sara Thomas")).toBe("Are you sure to delete Sara Thomas?");
    expect(confirmationQuestion("restore", "Sara Thomas")).toBe("Are you sure to restore Sara Thomas?");
    expect(confirmationQuestion("grant", "Sara Thomas")).toBe("Are you sure change privilege of Sara Thomas?");
    expect(confirmationQuestion("revoke", "Sara Thomas")).toBe("Are you sure change privilege of Sara Thomas?");
    expect(confirmationQuestion("send-link", "Sara Thomas")).toBeNull();
  });

  it("changes only the one field each action is for", () => {
    expect(actionPatch("delete")).toEqual({ deleted: true });
    expect(actionPatch("restore")).toEqual({ deleted: false });
    expect(actionPatch("grant")).toEqual({ role: "accountant" });
    expect(actionPatch("revoke")).toEqual({ role: "member" });
    expect(actionDoneMessage("delete", "Sara")).toBe("Sara was deleted.");
  });

  it("gives privilege only to active members, and never lets accountants revoke their own", () => {
    expect(actionRefusal("grant", { ...base, active: false }, ME)).toMatch(/only active members/i);
    expect(actionRefusal("grant", base, ME)).toBeNull();
    expect(actionRefusal("grant", { ...base, role: "accountant" }, ME)).toMatch(/already an admin/);
    expect(actionRefusal("revoke", { ...base, role: "accountant" }, ME)).toBeNull();
    expect(actionRefusal("revoke", { ...base, id: ME, role: "accountant" }, ME)).toBe("You cannot revoke your own privilege.");
    expect(actionRefusal("revoke", { ...base, role: "accountant", active: false }, ME)).not.toBeNull();
    expect(actionRefusal("revoke", base, ME)).toMatch(/not an admin/);
  });

  it("deletes and restores only from the right list, and not oneself", () => {
    expect(actionRefusal("delete", base, ME)).toBeNull();
    expect(actionRefusal("delete", { ...base, deleted: true }, ME)).toMatch(/already deleted/);
    expect(actionRefusal("delete", { ...base, id: ME }, ME)).toBe("You cannot delete your own account.");
    expect(actionRefusal("restore", { ...base, deleted: true }, ME)).toBeNull();
    expect(actionRefusal("restore", base, ME)).toMatch(/not deleted/);
  });

  it("sends a payment link only while the registration fee is unpaid and the member is not deleted", () => {
    expect(actionRefusal("send-link", base, ME)).toMatch(/already paid/);
    expect(actionRefusal("send-link", { ...base, registrationPaid: false }, ME)).toBeNull();
    expect(actionRefusal("send-link", { ...base, registrationPaid: false, deleted: true }, ME)).toMatch(/Restore/);
  });

  it("labels the privilege button by the member's role and disables what cannot be done", () => {
    const states = rowActionStates({ ...base, active: false, registrationPaid: false }, ME);
    expect(states.privilege).toMatchObject({ action: "grant", label: "Give admin privilege" });
    expect(states.privilege.refusal).not.toBeNull();
    expect(states.sendLink.refusal).toBeNull();
    const admin = rowActionStates({ ...base, id: ME, role: "accountant" }, ME);
    expect(admin.privilege).toMatchObject({ action: "revoke", label: "Revoke privilege" });
    expect(admin.privilege.refusal).not.toBeNull();
    expect(admin.delete.refusal).not.toBeNull();
  });
});

describe("the Website editor role (ADR 38)", () => {
  const editor = { ...base, role: "editor" as const };

  it("asks the same question as for Admin, and says what was done in the Admin messages' style", () => {
    expect(confirmationQuestion("grant-editor", "Sara Thomas")).toBe("Are you sure change privilege of Sara Thomas?");
    expect(confirmationQuestion("revoke-editor", "Sara Thomas")).toBe("Are you sure change privilege of Sara Thomas?");
    expect(actionDoneMessage("grant-editor", "Sara Thomas")).toBe("Sara Thomas is now a website editor.");
    expect(actionDoneMessage("revoke-editor", "Sara Thomas")).toBe("Sara Thomas is no longer a website editor.");
    // The Admin texts are unchanged.
    expect(actionDoneMessage("grant", "Sara Thomas")).toBe("Sara Thomas is now an admin.");
    expect(actionDoneMessage("revoke", "Sara Thomas")).toBe("Sara Thomas is no longer an admin.");
  });

  it("is one value of the role: Editor and back to Member, and Admin replaces Editor", () => {
    expect(actionPatch("grant-editor")).toEqual({ role: "editor" });
    expect(actionPatch("revoke-editor")).toEqual({ role: "member" });
    expect(actionRefusal("grant", editor, ME)).toBeNull();
    expect(actionPatch("grant")).toEqual({ role: "accountant" });
  });

  it("is given to active members only, never taken from someone who is not an editor, and not given to an Admin", () => {
    expect(actionRefusal("grant-editor", base, ME)).toBeNull();
    expect(actionRefusal("grant-editor", { ...base, active: false }, ME)).toBe("Only active members can be made website editors.");
    expect(actionRefusal("grant-editor", editor, ME)).toBe("Sara Thomas is already a website editor.");
    expect(actionRefusal("grant-editor", { ...base, role: "accountant" }, ME)).toBe("Sara Thomas is an admin, and admins can already edit the website.");
    expect(actionRefusal("revoke-editor", editor, ME)).toBeNull();
    expect(actionRefusal("revoke-editor", { ...editor, active: false }, ME)).toBe("Only active members' privilege can be changed.");
    expect(actionRefusal("revoke-editor", base, ME)).toBe("Sara Thomas is not a website editor.");
    expect(actionRefusal("revoke-editor", { ...base, role: "accountant" }, ME)).toBe("Sara Thomas is not a website editor.");
    // Revoking Admin from an editor makes no sense: they are not an admin.
    expect(actionRefusal("revoke", editor, ME)).toBe("Sara Thomas is not an admin.");
  });

  it("labels the editor button by the member's role", () => {
    expect(rowActionStates(base, ME).editor).toEqual({ action: "grant-editor", label: "Give website editor privilege", refusal: null });
    expect(rowActionStates(editor, ME).editor).toEqual({ action: "revoke-editor", label: "Revoke website editor privilege", refusal: null });
    expect(rowActionStates(editor, ME).privilege).toEqual({ action: "grant", label: "Give admin privilege", refusal: null });
    expect(rowActionStates({ ...base, role: "accountant" }, ME).editor.refusal).not.toBeNull();
    expect(rowActionStates({ ...base, active: false }, ME).editor.refusal).not.toBeNull();
  });
});

describe("the value a row button posts", () => {
  it("round-trips an action and a member id, and rejects anything else", async () => {
    const { memberActionValue, parseMemberActionValue } = await import("~/features/office/member-action-value");
    expect(parseMemberActionValue(memberActionValue("send-link", "abc123"))).toEqual({ action: "send-link", id: "abc123" });
    expect(parseMemberActionValue(memberActionValue("grant-editor", "abc123"))).toEqual({ action: "grant-editor", id: "abc123" });
    for (const junk of [undefined, null, 42, "", "delete", "delete:", ":abc", "explode:abc", `delete:${"x".repeat(200)}`]) {
      expect(parseMemberActionValue(junk)).toBeNull();
    }
  });
});

describe("the Door steward role (ADR 65)", () => {
  const steward = { ...base, role: "steward" as const };

  it("says what the role gives before giving or taking it, and what was done after", () => {
    expect(confirmationQuestion("grant-steward", "Sara Thomas")).toBe(
      "Make Sara Thomas a door steward? They will be able to admit tickets at the door, and nothing else of the back office.",
    );
    expect(confirmationQuestion("revoke-steward", "Sara Thomas")).toBe(
      "Take the door steward role from Sara Thomas? They will no longer be able to open the door page.",
    );
    expect(actionDoneMessage("grant-steward", "Sara Thomas")).toBe("Sara Thomas is now a door steward.");
    expect(actionDoneMessage("revoke-steward", "Sara Thomas")).toBe("Sara Thomas is no longer a door steward.");
  });

  it("is one value of the role: Steward and back to Member, and Admin or Editor replaces it", () => {
    expect(actionPatch("grant-steward")).toEqual({ role: "steward" });
    expect(actionPatch("revoke-steward")).toEqual({ role: "member" });
    expect(actionRefusal("grant", steward, ME)).toBeNull();
    expect(actionRefusal("grant-editor", steward, ME)).toBeNull();
    expect(actionRefusal("grant-steward", { ...base, role: "editor" }, ME)).toBeNull();
  });

  it("is given to active members only, never taken from someone who is not a steward, and not given to an Admin", () => {
    expect(actionRefusal("grant-steward", base, ME)).toBeNull();
    expect(actionRefusal("grant-steward", { ...base, active: false }, ME)).toBe("Only active members can be made door stewards.");
    expect(actionRefusal("grant-steward", steward, ME)).toBe("Sara Thomas is already a door steward.");
    expect(actionRefusal("grant-steward", { ...base, role: "accountant" }, ME)).toBe("Sara Thomas is an admin, and admins can already use the door.");
    expect(actionRefusal("revoke-steward", steward, ME)).toBeNull();
    expect(actionRefusal("revoke-steward", base, ME)).toBe("Sara Thomas is not a door steward.");
    expect(actionRefusal("revoke-steward", { ...steward, active: false }, ME)).not.toBeNull();
  });

  it("labels the row's steward button by the member's role", () => {
    expect(rowActionStates(base, ME).steward).toEqual({ action: "grant-steward", label: "Make door steward", refusal: null });
    expect(rowActionStates(steward, ME).steward).toEqual({ action: "revoke-steward", label: "Revoke door steward", refusal: null });
    expect(rowActionStates({ ...base, role: "accountant" }, ME).steward.refusal).toMatch(/admins can already use the door/);
  });
});
