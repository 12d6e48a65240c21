import { describe, expect, it } from "vitest";
import { activityEntry } from "~/kernel/activity/activity";
import { emailService } from "~/kernel/email/email.server";
import { memoryOutbox } from "../../../support/memory-outbox";

/** What a mailing leaves behind (docs/requirements.md §13): the activity entry in counts, and a test copy with its headers. */

describe("the mailing's activity entries", () => {
  const mailing = { id: "m1", subject: "The AGM", kind: "notice" };
  const actor = { id: "e1", fullName: "Edith Editor" };

  it("say who sent which mailing to how many, naming no member", () => {
    const sent = activityEntry(actor, { kind: "mailing-sent", mailing, copies: 312 }, new Date(0));
    expect(sent).toMatchObject({ kind: "mailing-sent", subjectId: "m1", subjectName: 'mailing "The AGM"', memberId: null });
    expect(sent.summary).toBe('Edith Editor sent the notice "The AGM" to 312 members.');
    const again = activityEntry(actor, { kind: "mailing-failed-resent", mailing, copies: 1 }, new Date(0));
    expect(again.summary).toBe('Edith Editor sent the notice "The AGM" again to 1 member it had failed to reach.');
  });
});

describe("sendRendered", () => {
  const email = {
    to: ["a@example.org"],
    subject: "Test: AGM",
    html: "<p>Hi</p>",
    text: "Hi",
    headers: { "List-Unsubscribe": "<https://x/u/t>" },
    purpose: "mailing-test",
    memberId: "m1",
  };

  it("keeps the copy with its headers in the outbox when no provider is set", async () => {
    const outbox = memoryOutbox();
    const stored = await emailService({ outbox: outbox.repo, from: "MMA <no-reply@example.org>" }).sendRendered(email);
    expect(stored).toMatchObject({ status: "stored", headers: email.headers, purpose: "mailing-test", memberId: "m1" });
  });

  it("sends the headers to the provider and marks the copy sent", async () => {
    const outbox = memoryOutbox();
    const sent: unknown[] = [];
    const service = emailService({
      outbox: outbox.repo,
      from: "MMA <no-reply@example.org>",
      transport: async (outgoing) => {
        sent.push(outgoing);
        return "re_1";
      },
    });
    expect(await service.sendRendered(email)).toMatchObject({ status: "sent", providerId: "re_1" });
    expect(sent).toEqual([
      { from: "MMA <no-reply@example.org>", to: email.to, subject: email.subject, html: email.html, text: email.text, headers: email.headers },
    ]);
  });
});
