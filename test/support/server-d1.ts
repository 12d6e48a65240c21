import { openLocalPlatform } from "../../seed/platform";

/**
 * A test's way into a server's data (ADR 57). A private server started in this process
 * (startSeededServer) lends its own D1 and R2 bindings, reached through its own workerd;
 * opening the same files with getPlatformProxy started a second workerd for every read,
 * and process creation was most of the suite's kernel time. A directory no running server
 * here owns (a stopped server, the run's shared server in the global setup) is opened as
 * before.
 */
type Bindings = () => Promise<{ db: D1Database; media: R2Bucket; dispose: () => Promise<void> }>;
const owners = new Map<string, Bindings>();

/** Called by startSeededServer while its worker serves `persistTo`. */
export function lendBindings(persistTo: string, bindings: Bindings): () => void {
  owners.set(persistTo, bindings);
  return () => owners.delete(persistTo);
}

/** The D1 and R2 a server at `persistTo` uses, through a proxy of their own; dispose it when done. */
export async function openServerPlatform(persistTo: string): Promise<{ db: D1Database; media: R2Bucket; dispose: () => Promise<void> }> {
  const lent = owners.get(persistTo);
  if (lent) return lent();
  const { db, media, dispose } = await openLocalPlatform(persistTo);
  return { db, media, dispose };
}

/** Runs `work` with the D1 a server at `persistTo` uses. */
export async function withServerD1<T>(persistTo: string, work: (db: D1Database) => Promise<T>): Promise<T> {
  const { db, dispose } = await openServerPlatform(persistTo);
  try {
    return await work(db);
  } finally {
    await dispose();
  }
}
