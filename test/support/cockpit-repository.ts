import { afterAll, beforeAll, beforeEach } from "vitest";
import { TIMEOUTS } from "./time-budget";
import { createCockpitClient, type CockpitClient } from "~/services/store/cockpit/client.server";
import { startFakeCockpit, type CockpitEntry, type FakeCockpit } from "./fake-cockpit";

/**
 * One Cockpit repository over a fake Cockpit started for the test file, with `collection`
 * emptied before each test (then filled by `reset`, when given). The client waits as long as a
 * poll does: ten calls at once on a loaded machine must not meet the site's own 2 s limit
 * (ADR 57); the tests of that limit make an impatient client of their own.
 */
export function useCockpitRepository<R>(make: (client: CockpitClient) => R, collection: string, reset?: (entries: CockpitEntry[]) => void) {
  const state = {} as { fake: FakeCockpit; repo: R; entries: () => CockpitEntry[] };
  state.entries = () => state.fake.data.collections[collection]!;
  beforeAll(async () => {
    state.fake = await startFakeCockpit();
    state.repo = make(createCockpitClient({ baseUrl: state.fake.url, token: state.fake.token, timeoutMs: TIMEOUTS.poll }));
  });
  afterAll(async () => {
    await state.fake.stop();
  });
  beforeEach(() => {
    state.entries().length = 0;
    reset?.(state.entries());
    state.fake.requests.length = 0;
  });
  return state;
}
