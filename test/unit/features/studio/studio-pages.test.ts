import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { activityEntry } from "~/kernel/activity/activity";
import { moveInOrder, pageFormSchema, slideFormSchema, slideName, youtubeIdFromInput, YOUTUBE_MESSAGE } from "~/features/studio/studio-pages";
import { slidesActionSchema } from "~/features/studio/studio-slides-actions";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};

describe("moveInOrder: the slides' up/down rule", () => {
  const ids = ["a", "b", "c"];
  it("swaps a slide with the one above or below", () => {
    expect(moveInOrder(ids, "b", "up")).toEqual(["b", "a", "c"]);
    expect(moveInOrder(ids, "b", "down")).toEqual(["a", "c", "b"]);
    expect(moveInOrder(ids, "c", "up")).toEqual(["a", "c", "b"]);
  });
  it("leaves the order as it is when the slide cannot move or is not there (a stale page)", () => {
    expect(moveInOrder(ids, "a", "up")).toEqual(ids);
    expect(moveInOrder(ids, "c", "down")).toEqual(ids);
    expect(moveInOrder(ids, "gone", "up")).toEqual(ids);
    expect(moveInOrder([], "a", "down")).toEqual([]);
  });
  it("does not change the list it is given", () => {
    const list = ["a", "b"];
    moveInOrder(list, "b", "up");
    expect(list).toEqual(["a", "b"]);
  });
});

describe("youtubeIdFromInput", () => {
  it("keeps an id, and takes the id out of YouTube's addresses", () => {
    for (const input of [
      "dQw4w9WgXcQ",
      " dQw4w9WgXcQ ",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
      "youtube.com/watch?v=dQw4w9WgXcQ",
      "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ?si=abc",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    ]) {
      expect(youtubeIdFromInput(input), input).toBe("dQw4w9WgXcQ");
    }
  });
  it("is empty for no video and null for anything else", () => {
    expect(youtubeIdFromInput("  ")).toBe("");
    for (const input of [
      "dQw4w9WgXc",
      "https://vimeo.com/123456789",
      "https://evil.example/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=short",
      "not a url at all",
    ]) {
      expect(youtubeIdFromInput(input), input).toBeNull();
    }
  });
});

describe("slideFormSchema", () => {
  it("needs a title and trims the texts", () => {
    const ok = parseWithZod(form({ smallText: " Welcome ", title: " Picnic ", description: "" }), { schema: slideFormSchema });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toEqual({ smallText: "Welcome", title: "Picnic", description: "" });
    const missing = parseWithZod(form({ smallText: "x" }), { schema: slideFormSchema });
    expect(missing.status).toBe("error");
    expect(missing.reply().error?.title).toEqual(["Enter a title."]);
  });
  it("refuses texts that are too long", () => {
    const long = parseWithZod(form({ title: "t", smallText: "x".repeat(121) }), { schema: slideFormSchema });
    expect(long.reply().error?.smallText).toEqual(["Keep the small text under 120 characters."]);
  });
});

describe("pageFormSchema", () => {
  it("keeps the id of a YouTube address, and the HTML as typed (sanitized by the service)", () => {
    const ok = parseWithZod(
      form({ preTitle: "Who", title: "About", descriptionHtml: "<p>a</p>", description2Html: "", youtubeVideoId: "https://youtu.be/dQw4w9WgXcQ" }),
      { schema: pageFormSchema },
    );
    expect(ok.status === "success" && ok.value).toEqual({
      preTitle: "Who",
      title: "About",
      descriptionHtml: "<p>a</p>",
      description2Html: "",
      youtubeVideoId: "dQw4w9WgXcQ",
    });
  });
  it("refuses a video that is not YouTube's and a missing title, with messages", () => {
    const bad = parseWithZod(form({ title: "", youtubeVideoId: "https://vimeo.com/1" }), { schema: pageFormSchema });
    expect(bad.reply().error).toMatchObject({ title: ["Enter a title."], youtubeVideoId: [YOUTUBE_MESSAGE] });
  });
});

describe("the slides' buttons", () => {
  it("reads a move and a remove (asked, then confirmed), and refuses anything else", () => {
    expect(parseWithZod(form({ intent: "move", id: "a", move: "up" }), { schema: slidesActionSchema }).status).toBe("success");
    expect(parseWithZod(form({ intent: "remove", id: "a" }), { schema: slidesActionSchema }).status).toBe("success");
    expect(parseWithZod(form({ intent: "move", id: "a", move: "left" }), { schema: slidesActionSchema }).status).toBe("error");
    expect(parseWithZod(form({ intent: "remove" }), { schema: slidesActionSchema }).status).toBe("error");
  });
});

describe("activity entries", () => {
  const jane = { id: "e1", fullName: "Jane Smith" };
  const at = new Date("2026-11-24T09:00:00Z");
  it("names the slide and the page changed", () => {
    expect(activityEntry(jane, { kind: "slide-moved", slide: { id: "s1", name: "Summer picnic" } }, at)).toMatchObject({
      subjectId: "s1",
      subjectName: 'home slide "Summer picnic"',
      summary: 'Jane Smith moved the home slide "Summer picnic".',
    });
    expect(activityEntry(jane, { kind: "page-changed", page: { key: "aboutUs", name: "About Us" } }, at)).toMatchObject({
      subjectId: "aboutUs",
      summary: "Jane Smith changed the About Us page.",
    });
    expect(slideName({ title: " ", smallText: "Hello" })).toBe("Hello");
  });
});
