import { describe, expect, it } from "vitest";
import { checkRequestBody, FORM_BODY_LIMIT_BYTES, STUDIO_UPLOAD_BODY_LIMIT_BYTES } from "~/kernel/http/request-guard.server";

/** The studio's forms carry photos: a larger body than other forms, still capped before any route reads it. */
const upload = (pathname: string, size: number) => {
  const form = new FormData();
  form.append("photos", new Blob([new Uint8Array(size)], { type: "image/jpeg" }), "p.jpg");
  return new Request(`https://site.test${pathname}`, { method: "POST", body: form });
};

describe("the studio's upload limit", () => {
  it("takes a photo-size form under /studio/ from someone signed in, and refuses it elsewhere", async () => {
    expect((await checkRequestBody(upload("/studio/galleries/x", 2 * 1024 * 1024), "cancel", true)).ok).toBe(true);
    expect(await checkRequestBody(upload("/contact", FORM_BODY_LIMIT_BYTES + 1), "cancel", true)).toEqual({ ok: false, status: 413 });
  });

  it("gives a studio upload without a signed-in session the form limit", async () => {
    expect(await checkRequestBody(upload("/studio/galleries/x", FORM_BODY_LIMIT_BYTES + 1))).toEqual({ ok: false, status: 413 });
    expect((await checkRequestBody(upload("/studio/galleries/x", FORM_BODY_LIMIT_BYTES - 1024))).ok).toBe(true);
  });

  it("refuses a body over 40 MB under /studio/ without reading it", async () => {
    const declared = new Request("https://site.test/studio/galleries/x", {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data; boundary=b", "Content-Length": String(STUDIO_UPLOAD_BODY_LIMIT_BYTES + 1) },
    });
    expect(await checkRequestBody(declared, "cancel", true)).toEqual({ ok: false, status: 413 });
  });
});
