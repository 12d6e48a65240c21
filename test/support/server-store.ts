import { createCockpitClient } from "~/kernel/store/cockpit/client.server";
import { createCockpitStore } from "~/kernel/store/cockpit/index.server";
import { createD1Store } from "~/kernel/store/d1/index.server";
import type { Store } from "~/kernel/store/port";
import { withServerD1 } from "./server-d1";
import type { SeededServer } from "./seeded-server";

/**
 * The store a running private server (startSeededServer) uses, through the site's own
 * adapter: its local D1, or in the Cockpit run its fake Cockpit. For the rare change a
 * test cannot make through the site, such as time passing.
 */
export function withServerStore<T>(server: SeededServer, work: (store: Store) => Promise<T>): Promise<T> {
  const { cockpit } = server;
  return withServerD1(server.persistTo, (db) =>
    work(cockpit ? createCockpitStore(createCockpitClient({ baseUrl: cockpit.url, token: cockpit.token }), db) : createD1Store(db)),
  );
}
