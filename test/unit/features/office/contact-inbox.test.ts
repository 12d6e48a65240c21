import { describe, expect, it } from "vitest";
import { activityEntry } from "~/kernel/activity/activity";
import { inboxGlimpse, replySubject } from "~/features/office/contact-inbox";
import { messagesLabel } from "~/kernel/layout/back-office/admin-nav";

describe("the contact inbox's rules", () => {
  it("prefixes a reply's subject with Re: once", () => {
    expect(replySubject("Hall booking")).toBe("Re: Hall booking");
    expect(replySubject("  RE: Hall booking ")).toBe("RE: Hall booking");
    expect(replySubject("Reading group")).toBe("Re: Reading group");
    expect(replySubject("")).toBe("Re: your message");
  });

  it("shows the subject in the list, else the message's first eight words", () => {
    expect(inboxGlimpse({ subject: " Hall ", notes: "ignored" })).toBe("Hall");
    expect(inboxGlimpse({ subject: "", notes: "one two three four five six seven eight nine ten" })).toBe("one two three four five six seven eight…");
    expect(inboxGlimpse({ subject: "", notes: " short\nnote " })).toBe("short note");
  });

  it("counts unread messages in the menu only when there are some", () => {
    expect(messagesLabel(0)).toBe("Messages");
    expect(messagesLabel(3)).toBe("Messages (3)");
  });

  it("logs a handled message and a reply by who wrote and the subject, never the text", () => {
    const jane = { id: "a-1", fullName: "Jane Smith" };
    const message = { id: "m-1", from: "Grace Hopper", subject: "Hall", memberId: "member-7" };
    const at = new Date(Date.UTC(2026, 10, 24, 9));
    expect(activityEntry(jane, { kind: "contact-message-handled", message }, at)).toEqual({
      at: at.toISOString(),
      actorId: "a-1",
      actorName: "Jane Smith",
      kind: "contact-message-handled",
      subjectId: "m-1",
      subjectName: "message from Grace Hopper",
      memberId: "member-7",
      summary: 'Jane Smith marked the message from Grace Hopper ("Hall") as handled.',
    });
    expect(activityEntry(jane, { kind: "contact-reply-sent", message }, at).summary).toBe('Jane Smith replied to the message from Grace Hopper ("Hall").');
  });
});
