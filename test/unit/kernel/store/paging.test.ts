import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageCount, pageWindow, readPageParam, readPageSizeParam, readPaging, storePage } from "~/kernel/store/paging";

describe("paging from the URL", () => {
  it("reads a whole page number of 1 or more, and anything else as page 1", () => {
    expect(readPageParam("3")).toBe(3);
    for (const bad of [null, "", "0", "-2", "1.5", "abc", "NaN", "Infinity"]) expect(readPageParam(bad)).toBe(1);
    expect(readPageParam("99999999999")).toBe(1_000_000);
  });

  it("reads only the offered page sizes", () => {
    expect(readPageSizeParam("50")).toBe(50);
    for (const bad of [null, "", "16", "5000", "-15"]) expect(readPageSizeParam(bad)).toBe(DEFAULT_PAGE_SIZE);
    expect(readPaging(new URLSearchParams("rpage=2&rsize=100"), "rpage", "rsize")).toEqual({ page: 2, size: 100 });
  });

  it("counts at least one page", () => {
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(31, 15)).toBe(3);
  });
});

describe("the store port's page request", () => {
  it("turns the URL's 1-based page into the port's 0-based one", () => {
    expect(storePage({ page: 1, size: 15 })).toEqual({ page: 0, pageSize: 15 });
    expect(storePage({ page: 4, size: 50 })).toEqual({ page: 3, pageSize: 50 });
  });

  it("clamps in one place: never 'no limit', never a negative offset; no pageSize is every row", () => {
    expect(pageWindow({})).toBeNull();
    expect(pageWindow({ page: 2, pageSize: 10 })).toEqual({ limit: 10, offset: 20 });
    expect(pageWindow({ pageSize: -5 })).toEqual({ limit: 1, offset: 0 });
    expect(pageWindow({ pageSize: 0 })).toEqual({ limit: 1, offset: 0 });
    expect(pageWindow({ pageSize: 10_000 })).toEqual({ limit: MAX_PAGE_SIZE, offset: 0 });
    expect(pageWindow({ page: -3, pageSize: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow({ page: 1.7, pageSize: 2.9 })).toEqual({ limit: 2, offset: 2 });
  });
});
