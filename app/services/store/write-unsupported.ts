/**
 * A write this store cannot make: Cockpit v1's REST API reads singletons (`singletons/get`)
 * but has no call that writes one, so About Us and School stay edited in Cockpit's own
 * admin there. The studio says so instead of pretending to save.
 */
export class StoreWriteUnsupportedError extends Error {
  override name = "StoreWriteUnsupportedError";
}
