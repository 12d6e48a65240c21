import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEntry } from "~/kernel/activity/activity";
import { cockpitActivity, isMissingCollection } from "~/kernel/store/cockpit/activity.server";
import { createCockpitClient } from "~/kernel/store/cockpit/client.server";
import { startCockpitBackend, type CockpitBackend } from "../../../../support/cockpit-backend";

/**
 * A Cockpit set up before the activity log existed has no `activity` collection. The
 * adapter's calls are sent to a collection no Cockpit has, so the answer is the server's
 * own: the fake's in the usual run, the real Cockpit v1's in `npm run test:cockpit-real`.
 */

let cockpit: CockpitBackend;
beforeAll(async () => {
  cockpit = await startCockpitBackend();
});
afterAll(async () => {
  await cockpit?.stop();
});

const withoutActivity = () =>
  cockpitActivity(
    createCockpitClient({
      baseUrl: cockpit.url,
      token: cockpit.token,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => fetch(String(input).replace(/\/activity$/, "/no-such-collection"), init)) as typeof fetch,
    }),
  );

describe("the activity log on a Cockpit without its collection", () => {
  it("lists nothing (the page says nothing has been recorded) instead of failing", async () => {
    expect(await withoutActivity().list({ page: 0, pageSize: 50 })).toEqual({ rows: [], total: 0 });
  });

  it("refuses a record with Cockpit's 'Collection not found', which the caller logs", async () => {
    const entry = activityEntry(
      { id: "a1", fullName: "Jane Smith" },
      { kind: "member-deleted", member: { id: "m1", fullName: "John Doe", memberNumber: 7 } },
      new Date(),
    );
    const error = await withoutActivity()
      .record(entry)
      .catch((e: unknown) => e);
    expect(isMissingCollection(error)).toBe(true);
  });

  it("does not take another failure for a missing collection", async () => {
    const wrongToken = cockpitActivity(createCockpitClient({ baseUrl: cockpit.url, token: "wrong-token" }));
    const error = await wrongToken.list({ page: 0, pageSize: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isMissingCollection(error)).toBe(false);
  });
});
