import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, multipart } from "../../../support/client";
import { UPLOAD_MESSAGES } from "~/kernel/media/uploads";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { jpegOfSize, PHP_SCRIPT } from "../../../support/upload-fixtures";

/**
 * /studio/galleries/:id/photos, the gallery upload with JavaScript (ADR 40), over HTTP on a
 * private server (D1 or, with E2E_STORE=cockpit, the fake Cockpit): one photo a post, answered
 * in JSON (its path, or the same message and status as the one-form upload); each added photo
 * is one line of the activity log; "finished" answers the gallery's page with the batch's toast,
 * counted from the gallery. The browser side is test/e2e/features/studio/studio-galleries.test.ts.
 */

const editor = demoAccount("editor");
const treasurer = demoAccount("treasurer");
const member = demoAccount("member");

let server: SeededServer;
let galleryId = "";
beforeAll(async () => {
  server = await startSeededServer();
  const created = await post("/studio/galleries", [["title", "Batch Picnic"]]);
  galleryId = (created.headers.get("Location") ?? "").split("/").pop()!;
});
afterAll(() => server?.stop());

/** Posts multipart, as the page's form does (a file field is a JPEG). */
const post = (pathname: string, fields: Array<[string, string | { bytes: Uint8Array; name: string }]>, userId = editor.id) =>
  client(server).as(userId).post(pathname, multipart(fields));

const photo = async (colour: string) =>
  new Uint8Array(
    await sharp({ create: { width: 600, height: 450, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );

const batchUrl = () => `/studio/galleries/${galleryId}/photos`;
const studioPhotos = async () =>
  parseHtml(await (await fetch(`${server.url}/studio/galleries/${galleryId}`, { headers: { Cookie: await sessionCookieFor(editor.id) } })).text()).all(
    ".studio-photo",
  ).length;

describe("the gallery upload one photo a post", () => {
  it("is the studio's: members are sent to their account, nothing stored", async () => {
    const refused = await post(
      batchUrl(),
      [
        ["intent", "photo"],
        ["photos", { bytes: await photo("#a33"), name: "a.jpg" }],
      ],
      member.id,
    );
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/mem-account");
    expect(await studioPhotos()).toBe(0);
  });

  it("adds each photo on its own, refuses a bad one with its message, and logs one line a photo", async () => {
    const answers = [];
    for (const [name, bytes] of [
      ["one.jpg", await photo("#c33")],
      ["shell.jpg", new TextEncoder().encode(PHP_SCRIPT)],
      ["two.jpg", await photo("#33c")],
    ] as const) {
      const response = await post(batchUrl(), [
        ["intent", "photo"],
        ["photos", { bytes, name }],
      ]);
      expect(response.headers.get("Content-Type"), name).toMatch(/^application\/json/);
      expect(response.headers.get("Cache-Control"), name).toBe("private, no-store");
      answers.push({ status: response.status, body: (await response.json()) as { ok: boolean; path?: string; message?: string } });
    }
    expect(answers.map((a) => a.status)).toEqual([200, 415, 200]);
    expect(answers[1]!.body).toEqual({ ok: false, message: UPLOAD_MESSAGES.webPage });
    expect(answers[0]!.body.ok && answers[2]!.body.ok).toBe(true);
    expect(await studioPhotos()).toBe(2);

    const log = parseHtml(await (await fetch(`${server.url}/accounts/activity`, { headers: { Cookie: await sessionCookieFor(treasurer.id) } })).text())
      .all("table.activity-table tbody tr")
      .map(textOf)
      .filter((row) => row.includes('changed the gallery "Batch Picnic": added 1 photo.'));
    expect(log).toHaveLength(2);

    // "finished" names the added photos (and one the gallery does not hold): the toast counts the gallery's.
    const finished = await post(batchUrl(), [
      ["intent", "finished"],
      ["added", answers[0]!.body.path!],
      ["added", answers[2]!.body.path!],
      ["added", "/media/photos/not-ours/original.jpg"],
    ]);
    expect(finished.status).toBe(302);
    expect(finished.headers.get("Location")).toBe(`/studio/galleries/${galleryId}`);
    const toastCookie = finished.headers.get("Set-Cookie") ?? "";
    const page = await fetch(`${server.url}/studio/galleries/${galleryId}`, {
      headers: { Cookie: `${await sessionCookieFor(editor.id)}; ${toastCookie.split(";")[0]}` },
    });
    expect(parseHtml(await page.text()).text("[role=status]")).toContain("2 photos added.");
  });

  it("answers a photo over 25 MB with 413 and the size message, and a post without a photo with 400", async () => {
    const huge = await post(batchUrl(), [
      ["intent", "photo"],
      ["photos", { bytes: jpegOfSize(30 * 1024 * 1024), name: "huge.jpg" }],
    ]);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ ok: false, message: UPLOAD_MESSAGES.photoTooLarge });
    const twoAtOnce = await post(batchUrl(), [
      ["intent", "photo"],
      ["photos", { bytes: await photo("#3c3"), name: "a.jpg" }],
      ["photos", { bytes: await photo("#3cc"), name: "b.jpg" }],
    ]);
    expect(twoAtOnce.status).toBe(400);
    expect(await twoAtOnce.json()).toEqual({ ok: false, message: ACTION_NOT_UNDERSTOOD });
    const none = await post(batchUrl(), [["intent", "photo"]]);
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ ok: false, message: "Please choose at least one photo." });
    const unknown = await post(batchUrl(), [["intent", "upload"]]);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ ok: false, message: ACTION_NOT_UNDERSTOOD });
    expect(await studioPhotos()).toBe(2);
  });
});
