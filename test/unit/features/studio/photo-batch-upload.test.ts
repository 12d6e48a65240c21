import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BATCH_TEXTS, batchToast, photoBatchSchema, refusalMessage, stateText } from "../../../../app/features/studio/photo-batch-upload";
import { UPLOAD_MESSAGES } from "../../../../app/kernel/media/uploads/messages";

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("the gallery upload one photo a request", () => {
  it("tells the two posts apart and keeps every named photo of a finished batch", () => {
    expect(parseWithZod(form([["intent", "photo"]]), { schema: photoBatchSchema }).status).toBe("success");
    const finished = parseWithZod(
      form([
        ["intent", "finished"],
        ["added", "/media/photos/a/original.jpg"],
        ["added", "/media/photos/b/original.jpg"],
      ]),
      { schema: photoBatchSchema },
    );
    expect(finished.status === "success" && finished.value).toEqual({
      intent: "finished",
      added: ["/media/photos/a/original.jpg", "/media/photos/b/original.jpg"],
    });
    expect(parseWithZod(form([["intent", "upload"]]), { schema: photoBatchSchema }).status).toBe("error");
    expect(parseWithZod(form([]), { schema: photoBatchSchema }).status).toBe("error");
  });

  it("says how many photos were added, as the one-form upload does", () => {
    expect(batchToast(2)).toBe("2 photos added.");
    expect(batchToast(1)).toBe("1 photo added.");
    expect(batchToast(0)).toBe("No photos were added.");
  });

  it("shows the server's message for a refused photo, and the size message for a body refused before the route", () => {
    expect(refusalMessage(415, { ok: false, message: UPLOAD_MESSAGES.notAPhoto })).toBe(UPLOAD_MESSAGES.notAPhoto);
    expect(refusalMessage(413, null)).toBe(UPLOAD_MESSAGES.photoTooLarge);
    expect(refusalMessage(200, null)).toBe(BATCH_TEXTS.failed);
    expect(refusalMessage(500, { message: "" })).toBe(BATCH_TEXTS.failed);
  });

  it("words each state of a photo in the list", () => {
    expect(stateText("waiting")).toBe("Waiting");
    expect(stateText("uploading")).toBe("Uploading...");
    expect(stateText("done")).toBe("Added");
    expect(stateText("error", UPLOAD_MESSAGES.svg)).toBe(UPLOAD_MESSAGES.svg);
    expect(stateText("error")).toBe(BATCH_TEXTS.failed);
  });
});
