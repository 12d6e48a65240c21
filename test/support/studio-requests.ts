import { afterAll, beforeAll } from "vitest";
import { client } from "./client";
import { openServerPlatform } from "./server-d1";
import { startSeededServer, type SeededServer } from "./seeded-server";
import { demoAccount } from "./session";

/**
 * The studio's integration tests talk to their server the same way: a GET or a form post as
 * a signed-in account (the editor unless told; null for a visitor), redirects not followed so
 * the test sees the 302 and its Location. `serverUrl` is read at each call, because the
 * server starts in beforeAll.
 */
export function studioRequests(serverUrl: () => string) {
  const editorId = demoAccount("editor").id;
  const get = (path: string, userId: string | null = editorId) => client(serverUrl()).as(userId).get(path);
  /** An urlencoded post, as a plain form sends it (pairs keep a repeated name). */
  const post = (path: string, fields: Record<string, string> | Array<[string, string]>, userId: string | null = editorId) =>
    client(serverUrl()).as(userId).post(path, fields);
  return { get, post };
}

/**
 * A private seeded server for one test file, with its own D1 opened directly (what the
 * worker wrote, past any cache), started before the file's tests and stopped after.
 */
export function studioServerWithD1() {
  const state = {} as { server: SeededServer; local: Awaited<ReturnType<typeof openServerPlatform>> };
  beforeAll(async () => {
    state.server = await startSeededServer();
    // Opened once: each opening starts a workerd.
    state.local = await openServerPlatform(state.server.persistTo);
  });
  afterAll(async () => {
    await state.local?.dispose();
    await state.server?.stop();
  });
  return state;
}
