import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { formFields, withChanges } from "../../../support/studio-form";
import { withServerStore } from "../../../support/server-store";

/**
 * The words at the top of /donate (docs/requirements.md §14): a site setting an editor sets in the
 * studio's Site settings, kept within the CMS allow-list like every rich text, shown to visitors at once.
 */

let server: SeededServer;
const editor = demoAccount("editor").id;
beforeAll(async () => {
  server = await startSeededServer();
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, userId?: string) => client(server).as(userId).get(path);

describe("the Donate page's words", () => {
  it("an editor sets them in the studio (cleaned of scripts), and /donate shows them", async () => {
    const page = await (await get("/studio/settings", editor)).text();
    const form = formFields(page, "form.studio-form");
    expect(new Map(form).get("donatePageHtml")).toContain("Every gift helps us keep the Malayalam school");

    const words = '<p>Help us buy <strong>books</strong> for the school.</p><script>alert("x")</script><p onclick="steal()">Thank you!</p>';
    const saved = await client(server)
      .as(editor)
      .post("/studio/settings", withChanges(form, { donatePageHtml: words }));
    expect(saved.status).toBe(302);

    const stored = await withServerStore(server, async (store) => (await store.content.getSiteSettings()).donatePageHtml);
    expect(stored).toContain("<strong>books</strong>");
    expect(stored).not.toContain("<script");
    expect(stored).not.toContain("onclick");

    const donate = parseHtml(await (await get("/donate")).text());
    expect(donate.all(".donate-intro p").map(textOf)).toEqual(["Help us buy books for the school.", "Thank you!"]);
    expect(donate.all(".donate-intro script")).toHaveLength(0);
    expect(donate.text(".donate-intro strong")).toBe("books");
  });
});
