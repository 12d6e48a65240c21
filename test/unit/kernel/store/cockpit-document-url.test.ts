import { describe, expect, it } from "vitest";
import { cmsFileUrl } from "~/kernel/store/cockpit/documents.server";

describe("a Cockpit document's file URL", () => {
  const base = "https://cms.example.org/";
  it("is on CMS_ASSETS_URL's host, whether the path came resolved or not", () => {
    expect(cmsFileUrl("https://cms.example.org/storage/uploads/2024/01/r.pdf", base)).toBe("https://cms.example.org/storage/uploads/2024/01/r.pdf");
    expect(cmsFileUrl("/storage/uploads/r.pdf", base)).toBe("https://cms.example.org/storage/uploads/r.pdf");
  });
  it("is never another host, a script URL or anything without CMS_ASSETS_URL", () => {
    expect(cmsFileUrl("https://evil.example.net/r.pdf", base)).toBeNull();
    expect(cmsFileUrl("//evil.example.net/r.pdf", base)).toBeNull();
    expect(cmsFileUrl("javascript:alert(1)", base)).toBeNull();
    expect(cmsFileUrl("/storage/uploads/r.pdf", undefined)).toBeNull();
  });
});
