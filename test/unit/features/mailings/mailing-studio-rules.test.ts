import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { formatUkDateTime, parseYears, ukDayAndTime, ukTimeToUnix } from "~/features/mailings/studio/mailing-fields";
import { TEST_SEND_MESSAGES, testCopyWentOut, testRateLimitMessage, testSendRefusal } from "~/features/mailings/studio/test-send";
import { audienceFromForm, hadScript, MAILING_MESSAGES, mailingFormSchema } from "~/features/mailings/studio/mailing-form";

/**
 * The studio's mailing rules (docs/requirements.md §13): a schedule typed in UK time is stored as
 * UTC seconds (summer and winter, the clocks' changes), the years of the children's audience,
 * and the form's refusals with their messages.
 */

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: mailingFormSchema });
};

describe("schedules in UK time", () => {
  it("reads a winter time as UTC and a summer time as UTC+1", () => {
    expect(ukTimeToUnix("2026-12-01", "18:30")).toBe(Date.parse("2026-12-01T18:30:00Z") / 1000);
    expect(ukTimeToUnix("2026-07-01", "09:00")).toBe(Date.parse("2026-07-01T08:00:00Z") / 1000);
  });

  it("reads the time back as it was typed", () => {
    for (const [day, time] of [
      ["2026-03-29", "03:00"],
      ["2026-10-25", "00:30"],
      ["2027-01-01", "00:00"],
    ] as const) {
      expect(ukDayAndTime(ukTimeToUnix(day, time)!)).toEqual({ day, time });
    }
  });

  it("refuses an hour the clocks skip, and what is not a day or a time", () => {
    expect(ukTimeToUnix("2026-03-29", "01:30")).toBeNull();
    expect(ukTimeToUnix("2026-02-30", "10:00")).toBeNull();
    expect(ukTimeToUnix("2026-12-01", "25:00")).toBeNull();
    expect(ukTimeToUnix("", "")).toBeNull();
  });

  it("takes the first of an hour that happens twice (summer time)", () => {
    expect(ukTimeToUnix("2026-10-25", "01:30")).toBe(Date.parse("2026-10-25T00:30:00Z") / 1000);
  });

  it("says a time in words", () => {
    expect(formatUkDateTime(Date.parse("2026-12-01T18:30:00Z") / 1000)).toBe("Tuesday 1 December 2026 at 18:30");
  });
});

describe("the children's years", () => {
  it("reads years however they are separated, once each, in order", () => {
    expect(parseYears("2016, 2015 2016;2017")).toEqual([2015, 2016, 2017]);
  });
  it("refuses anything that is not a year", () => {
    expect(parseYears("")).toBeNull();
    expect(parseYears("2015, fifteen")).toBeNull();
    expect(parseYears("15")).toBeNull();
  });
});

describe("the mailing form", () => {
  it("refuses an empty subject", () => {
    const submission = form({ intent: "save", subject: "  " });
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.subject).toEqual([MAILING_MESSAGES.subject]);
  });

  it("wants a button's words and address together", () => {
    expect(form({ subject: "AGM", buttonLabel: "Book" }).reply().error?.buttonUrl).toEqual([MAILING_MESSAGES.button]);
    expect(form({ subject: "AGM", buttonUrl: "www.example.org" }).reply().error?.buttonLabel).toEqual([MAILING_MESSAGES.button]);
    expect(form({ subject: "AGM", buttonLabel: "Book", buttonUrl: "javascript:alert(1)" }).status).toBe("error");
    expect(form({ subject: "AGM", buttonLabel: "Book", buttonUrl: "www.example.org/tickets" }).status).toBe("success");
  });

  it("stores the button's address as a link, so one typed without https:// is not relative in the e-mail (docs/requirements.md §13.1)", () => {
    const url = (typed: string) => {
      const submission = form({ subject: "AGM", buttonLabel: "Book", buttonUrl: typed });
      return submission.status === "success" ? submission.value.buttonUrl : null;
    };
    expect(url("www.example.org/tickets")).toBe("https://www.example.org/tickets");
    expect(url("  https://example.org/a  ")).toBe("https://example.org/a");
    expect(url("info@example.org")).toBe("mailto:info@example.org");
    expect(url("/events")).toBe("/events");
    const none = form({ subject: "AGM" });
    expect(none.status === "success" && none.value.buttonUrl).toBe("");
  });

  it("says a script was taken out only when a tag held one, never for words like 'one = £5' (docs/requirements.md §13.1)", () => {
    expect(hadScript("<p>Tickets: one = £5, two = £8. Bring someone = welcome.</p>")).toBe(false);
    expect(hadScript("<p>Learn javascript: a course for beginners</p>")).toBe(false);
    expect(hadScript('<p><img src="x" onerror="alert(1)"></p>')).toBe(true);
    expect(hadScript('<p><a href="javascript:alert(1)">x</a></p>')).toBe(true);
    expect(hadScript("<script>alert(1)</script>")).toBe(true);
    expect(hadScript('<p><iframe src="https://example.org"></iframe></p>')).toBe(true);
  });

  it("wants the years for the children's audience and the event for ticket holders", () => {
    expect(form({ subject: "Term dates", audience: "children-born", years: "soon" }).reply().error?.years).toEqual([MAILING_MESSAGES.years]);
    expect(form({ subject: "Christmas", audience: "event-tickets" }).reply().error?.eventId).toEqual([MAILING_MESSAGES.event]);
  });

  it("wants a day and a time to schedule", () => {
    const error = form({ subject: "AGM", intent: "schedule" }).reply().error;
    expect(error?.scheduleDay).toEqual([MAILING_MESSAGES.scheduleDay]);
    expect(error?.scheduleTime).toEqual([MAILING_MESSAGES.scheduleTime]);
  });

  it("makes the audience the store takes", () => {
    const submission = form({ subject: "Term dates", audience: "children-born", years: "2016 2015", kind: "newsletter", publishNews: "on" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(audienceFromForm(submission.value)).toEqual({ kind: "children-born", years: [2015, 2016] });
    expect(submission.value.kind).toBe("newsletter");
    expect(submission.value.publishNews).toBe(true);
    expect(audienceFromForm({ audience: "not-renewed", years: "", eventId: "" })).toEqual({ kind: "not-renewed" });
  });
});

describe("Send me a test (docs/requirements.md §13.4)", () => {
  it("is refused in production without Resend's key, and allowed with it or outside production", () => {
    expect(testSendRefusal({ isProduction: true })).toBe(TEST_SEND_MESSAGES.notConfigured);
    expect(testSendRefusal({ isProduction: true, RESEND_API_KEY: "" })).toBe(TEST_SEND_MESSAGES.notConfigured);
    expect(testSendRefusal({ isProduction: true, RESEND_API_KEY: "re_x" })).toBeNull();
    expect(testSendRefusal({ isProduction: false })).toBeNull();
  });

  it("counts as gone out only when sent, or stored in the local outbox outside production", () => {
    expect(testCopyWentOut("sent", true)).toBe(true);
    expect(testCopyWentOut("stored", false)).toBe(true);
    expect(testCopyWentOut("stored", true)).toBe(false);
    expect(testCopyWentOut("failed", false)).toBe(false);
    expect(testCopyWentOut("queued", true)).toBe(false);
  });

  it("says how long to wait in whole minutes", () => {
    expect(testRateLimitMessage(30)).toContain("1 minute.");
    expect(testRateLimitMessage(3599)).toContain("60 minutes.");
  });
});
