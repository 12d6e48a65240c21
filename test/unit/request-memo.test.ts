import { describe, expect, it } from "vitest";
import type { ContentRepository, Store } from "~/services/store/port";
import { memoiseContentReads } from "~/services/store/request-memo";

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
  const store = { kind: "d1", content, members: { marker: true } } as unknown as Store;
  return { store, calls, failNextRead: () => (failNext = true) };
}

describe("memoiseContentReads", () => {
  it("reads each content set once per store (request), by arguments", async () => {
    const { store, calls } = countingStore();
    const memo = memoiseContentReads(store);
    await Promise.all([memo.content.getSiteSettings(), memo.content.getSiteSettings()]);
    await memo.content.getGallery("a");
    await memo.content.getGallery("a");
    await memo.content.getGallery("b");
    expect(calls).toEqual(["settings", "gallery:a", "gallery:b"]);
    expect(memo.members).toBe(store.members);
  });

  it("does not keep a failed read", async () => {
    const { store, calls, failNextRead } = countingStore();
    const memo = memoiseContentReads(store);
    failNextRead();
    await expect(memo.content.getSiteSettings()).rejects.toThrow("down");
    await expect(memo.content.getSiteSettings()).resolves.toEqual({ primaryContactNumber: "1" });
    expect(calls).toEqual(["settings", "settings"]);
  });
});
