import { describe, expect, it } from "vitest";
import { peopleActivitySentence } from "~/kernel/activity/activity-people";
import { activityEntry } from "~/kernel/activity/activity";
import {
  moveInOrder,
  moveTeamQuestion,
  moveTeamSchema,
  officeBearerSchema,
  previousTeamFromTeam,
  teamOrder,
  teamYear,
} from "~/features/studio/office-bearers-team";
import { chosenFile, documentPathForKey, documentTitleSchema } from "~/features/studio/studio-documents";
import { bucketPath } from "~/kernel/store/cockpit/documents.server";

describe("moving the team to previous teams", () => {
  it("makes a previous team in the Office Bearers page's shape: the title with the year, the list of Role: Name", () => {
    const team = [
      { name: "Jane Smith", role: "President" },
      { name: "Ravi <b>Nair</b>", role: "Secretary & Treasurer" },
      { name: "Tom", role: "" },
    ];
    expect(previousTeamFromTeam(team, "2025-26")).toEqual({
      title: "Office Bearers 2025–26",
      contentHtml: "<ul><li>President: Jane Smith</li><li>Secretary &amp; Treasurer: Ravi &lt;b&gt;Nair&lt;/b&gt;</li><li>Tom</li></ul>",
    });
  });

  it("writes the year with an en dash, and accepts only a year or a pair of years", () => {
    expect(["2025", "2025-26", "2025 - 2026", "2025–26"].map(teamYear)).toEqual(["2025", "2025–26", "2025–2026", "2025–26"]);
    for (const year of ["2025", "2025-26", "2025–2026"]) expect(moveTeamSchema.safeParse({ year }).success, year).toBe(true);
    for (const year of ["", "25", "last year", "2025-6"]) {
      const result = moveTeamSchema.safeParse({ year });
      expect(result.success, year).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Please enter the team's year, for example 2025–26");
    }
  });

  it("asks before moving, saying what happens", () => {
    expect(moveTeamQuestion(8, "2025-26")).toBe(
      'Move the current team (8 people) to previous teams as "Office Bearers 2025–26"? The current list will then be empty.',
    );
    expect(moveTeamQuestion(1, "2025")).toContain("(1 person)");
  });
});

describe("ordering the team", () => {
  it("moves one person a place up or down, and nothing past either end", () => {
    expect(moveInOrder(["a", "b", "c"], "b", "up")).toEqual(["b", "a", "c"]);
    expect(moveInOrder(["a", "b", "c"], "b", "down")).toEqual(["a", "c", "b"]);
    expect(moveInOrder(["a", "b", "c"], "a", "up")).toEqual(["a", "b", "c"]);
    expect(moveInOrder(["a", "b", "c"], "c", "down")).toEqual(["a", "b", "c"]);
    expect(moveInOrder(["a", "b", "c"], "x", "up")).toEqual(["a", "b", "c"]);
  });
});

describe("the team's order as the stores save it", () => {
  it("numbers the given ids from 1, skipping one that is no longer in the team", () => {
    expect(teamOrder(["c", "gone", "a", "b"], new Set(["a", "b", "c"]))).toEqual([
      { id: "c", order: 1 },
      { id: "a", order: 2 },
      { id: "b", order: 3 },
    ]);
    expect(teamOrder(["x"], new Set(["a"]))).toEqual([]);
  });
});

describe("an office bearer's form", () => {
  it("needs a name and a role; the photo is kept unless Remove this photo is ticked", () => {
    expect(officeBearerSchema.parse({ name: " Jane ", role: "President" })).toEqual({ name: "Jane", role: "President" });
    const refused = officeBearerSchema.safeParse({ name: "", role: "" });
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["Please enter the person's name", "Please enter their role, for example President"]);
  });
});

describe("documents in the studio", () => {
  it("needs a title", () => {
    expect(documentTitleSchema.safeParse("  ").error?.issues[0]?.message).toBe("Please enter the document's title");
    expect(documentTitleSchema.parse(" Minutes ")).toBe("Minutes");
  });

  it("treats the empty file a browser sends when none was chosen as no file", () => {
    expect(chosenFile(new File([], ""))).toBeNull();
    expect(chosenFile("text")).toBeNull();
    expect(chosenFile(new File(["x"], "a.pdf"))).toBeInstanceOf(File);
  });

  it("keeps the bucket key as the record's path, and finds it again behind CMS_ASSETS_URL", () => {
    expect(documentPathForKey("documents/abc.pdf")).toBe("/documents/abc.pdf");
    expect(bucketPath("/documents/abc.pdf", "https://cms.example.org")).toBe("/documents/abc.pdf");
    expect(bucketPath("https://cms.example.org/documents/abc.pdf", "https://cms.example.org/")).toBe("/documents/abc.pdf");
    // A Cockpit asset, or another host: fetched from the CMS, never looked up in the bucket.
    expect(bucketPath("https://cms.example.org/storage/uploads/abc.pdf", "https://cms.example.org")).toBeNull();
    expect(bucketPath("https://elsewhere.example/documents/abc.pdf", "https://cms.example.org")).toBeNull();
    expect(bucketPath("https://cms.example.org/documents/abc.pdf", undefined)).toBeNull();
  });
});

describe("the activity log's sentences for this part", () => {
  it("names what changed", () => {
    expect(peopleActivitySentence("Jane", { kind: "calendar-entry-added", subject: { id: "1", name: "Onam" } })).toBe(
      'Jane added "Onam" to the event calendar.',
    );
    expect(peopleActivitySentence("Jane", { kind: "team-moved-to-previous", subject: { id: "2", name: "Office Bearers 2025–26" } })).toBe(
      'Jane moved the office bearers to previous teams as "Office Bearers 2025–26".',
    );
    const entry = activityEntry({ id: "a", fullName: "Jane" }, { kind: "document-removed", subject: { id: "d1", name: "Minutes" } }, new Date(0));
    expect(entry).toMatchObject({ kind: "document-removed", subjectId: "d1", subjectName: "Minutes", summary: 'Jane removed the document "Minutes".' });
    expect("before" in entry).toBe(false);
  });
});
