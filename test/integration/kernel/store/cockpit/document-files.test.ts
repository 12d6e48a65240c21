import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cockpitDocuments } from "~/kernel/store/cockpit/documents.server";
import type { CockpitClient } from "~/kernel/store/cockpit/client.server";
import { useTestD1 } from "../../../../support/d1";

/**
 * The Cockpit store's documents.file for files on the CMS host (the contract suite covers
 * files kept in D1): fetched from CMS_ASSETS_URL's origin only, never from another host.
 */
const t = useTestD1();
const PDF = Buffer.from("%PDF-1.4 a member's document");
let server: Server;
let cms: string;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? "");
    if (request.url === "/storage/uploads/2026/report.pdf") response.writeHead(200, { "Content-Type": "text/plain" }).end(PDF);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cms = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

// documents.file reads no Cockpit collection: a client that refuses every call proves it.
const noClient = new Proxy({} as CockpitClient, {
  get: () => () => Promise.reject(new Error("documents.file must not call Cockpit's API")),
});
const doc = (filePath: string) => ({ id: "160000000000000000000009", title: "Report", file: { path: filePath }, createdAt: 0 });

describe("a Cockpit document's file on the CMS host", () => {
  it("is fetched from CMS_ASSETS_URL's host, typed by its name", async () => {
    const file = await cockpitDocuments(noClient, t.db, `${cms}/`).file(doc(`${cms}/storage/uploads/2026/report.pdf`));
    expect(file?.contentType).toBe("application/pdf");
    expect(Buffer.from(await new Response(file!.body).arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("is null when the host has no such file, and never asked of another host or without CMS_ASSETS_URL", async () => {
    const documents = cockpitDocuments(noClient, t.db, `${cms}/`);
    expect(await documents.file(doc(`${cms}/storage/uploads/gone.pdf`))).toBeNull();
    const before = asked.length;
    expect(await documents.file(doc("http://localhost:1/storage/uploads/2026/report.pdf"))).toBeNull();
    expect(await cockpitDocuments(noClient, t.db).file(doc("/storage/uploads/2026/report.pdf"))).toBeNull();
    expect(asked.length).toBe(before);
  });
});
