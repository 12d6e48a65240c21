/**
 * A fake Cockpit v1 for tests and demonstrations: see fake-cockpit/server.ts for what it
 * implements (and what it does not), fake-cockpit/query.ts for MongoLite's filters and sort.
 */
export { SPEC_COLLECTIONS, SPEC_FORMS, SPEC_SINGLETONS, cockpitId, startFakeCockpit } from "./fake-cockpit/server";
export type { CockpitEntry, FakeCockpit, FakeCockpitOptions, FakeCockpitRequest, FormEntry } from "./fake-cockpit/server";
