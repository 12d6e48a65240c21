import { describe, expect, it } from "vitest";
import { plainText } from "~/features/site/plain-text";
import { telHref } from "~/kernel/layout/tel-href";
import { youtubeId, youtubeEmbedUrl, youtubeWatchUrl } from "~/features/site/youtube";

describe("plainText", () => {
  it("drops tags, decodes entities and collapses spaces", () => {
    expect(plainText("<p>Fish &amp; chips</p>\n<p>&lt;b&gt; &#39;x&#39;</p>")).toBe("Fish & chips <b> 'x'");
  });
  it("cuts long text at a word with an ellipsis", () => {
    const text = plainText(`<p>${"word ".repeat(100)}</p>`, 30);
    expect(text.length).toBeLessThanOrEqual(30);
    expect(text.endsWith("word…")).toBe(true);
  });
});

describe("telHref", () => {
  it("keeps digits and the plus sign", () => {
    expect(telHref("+44 161 496 0000")).toBe("tel:+441614960000");
    expect(telHref("(0161) 496-0000")).toBe("tel:01614960000");
  });
});

describe("youtube", () => {
  it("accepts an 11-character video id only", () => {
    expect(youtubeId(" aqz-KE-bpKQ ")).toBe("aqz-KE-bpKQ");
    for (const bad of ["", "short", "aqz-KE-bpKQx", 'a"><script>', null, undefined]) expect(youtubeId(bad)).toBeNull();
  });
  it("builds the watch link and the privacy-enhanced player", () => {
    expect(youtubeWatchUrl("aqz-KE-bpKQ")).toBe("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    expect(youtubeEmbedUrl("aqz-KE-bpKQ")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?/);
  });
});
