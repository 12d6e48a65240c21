import { describe, expect, it } from "vitest";
import type { ContentRepository } from "~/kernel/store/port";
import { memoiseContentReads } from "~/kernel/store/content/request-memo";

function countingStore() {
  const calls: string[] = [];
  let failNext = false;
  const content = {
    async getSiteSettings() {
      calls.push("settings");
      if (failNext) {
        failNext = false;
        throw new Error("down");
      }
      return { primaryContactNumber: "1" };
    },
    async getGallery(id: string) {
      calls.push(`gallery:${id}`);
      return { id };
    },
  } as unknown as ContentRepository;
  return { content, calls, failNextRead: () => (failNext = true) };
}

describe("memoiseContentReads", () => {
  it("reads each content set once per request, by arguments", async () => {
    const { content, calls } = countingStore();
    const memo = memoiseContentReads(content);
    await Promise.all([memo.getSiteSettings(), memo.getSiteSettings()]);
    await memo.getGallery("a");
    await memo.getGallery("a");
    await memo.getGallery("b");
    expect(calls).toEqual(["settings", "gallery:a", "gallery:b"]);
  });

  it("does not keep a failed read", async () => {
    const { content, calls, failNextRead } = countingStore();
    const memo = memoiseContentReads(content);
    failNextRead();
    await expect(memo.getSiteSettings()).rejects.toThrow("down");
    await expect(memo.getSiteSettings()).resolves.toEqual({ primaryContactNumber: "1" });
    expect(calls).toEqual(["settings", "settings"]);
  });
});
