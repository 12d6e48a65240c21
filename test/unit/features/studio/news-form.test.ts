import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { isCalendarDay, newsDay, newsTime } from "~/features/studio/news-fields";
import { newsButtonSchema, newsFormSchema } from "~/features/studio/news-form";

const formData = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("the studio's news form", () => {
  it("accepts a complete form, an empty summary, and Save by default (the picture is a file field, read apart)", () => {
    const submission = parseWithZod(formData({ title: " Picnic ", date: "2026-11-20", excerpt: "", content: "<p>Hi</p>" }), {
      schema: newsFormSchema,
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "save",
      title: "Picnic",
      date: "2026-11-20",
      excerpt: "",
      content: "<p>Hi</p>",
    });
  });

  it("says what is wrong with each field", () => {
    const submission = parseWithZod(formData({ title: "", date: "2026-02-30", content: "  ", intent: "publish" }), {
      schema: newsFormSchema,
    });
    expect(submission.reply().error).toEqual({
      title: ["Please enter a title"],
      date: ["Please enter the date"],
      content: ["Please write the news item"],
    });
  });

  it("reads Unpublish and Delete, with or without the confirmation", () => {
    const ok = parseWithZod(formData({ intent: "delete", confirmed: "1" }), { schema: newsButtonSchema });
    expect(ok.status === "success" && ok.value).toEqual({ intent: "delete", confirmed: "1" });
    const asked = parseWithZod(formData({ intent: "delete" }), { schema: newsButtonSchema });
    expect(asked.status === "success" && asked.value).toEqual({ intent: "delete" });
  });
});

describe("news dates", () => {
  it("knows real calendar days", () => {
    expect(["2026-11-20", "2024-02-29"].map(isCalendarDay)).toEqual([true, true]);
    expect(["2026-02-30", "2025-02-29", "20-11-2026", ""].map(isCalendarDay)).toEqual([false, false, false, false]);
  });

  it("stores a day as noon UTC (the same day in UK time, summer and winter) and keeps an unchanged day's time", () => {
    for (const day of ["2026-01-15", "2026-07-15"]) expect(newsDay(newsTime(day))).toBe(day);
    const late = Date.UTC(2026, 6, 15, 22, 30) / 1000; // 23:30 in London, 15 July
    expect(newsTime("2026-07-15", late)).toBe(late);
    expect(newsTime("2026-07-16", late)).toBe(Date.UTC(2026, 6, 16, 12) / 1000);
  });
});
