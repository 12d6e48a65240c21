import type { BrowserContext } from "playwright-core";
import { afterEach, beforeEach } from "vitest";

/**
 * What the browser saw go wrong while a test ran: console errors, uncaught page errors and
 * requests that never got an answer. A test that fails prints them under its own error, so a
 * failure that happens once in a thousand runs (a navigation that never arrives, a tap that
 * does not register) explains itself from CI's log instead of needing to be reproduced.
 * Every context newContext makes reports here (browser.ts); the e2e project's setup file
 * prints and clears the list around each test.
 */
const seen: string[] = [];
/** The last lines are the ones about the failure. */
const KEEP_LINES = 60;

function note(line: string): void {
  seen.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (seen.length > KEEP_LINES) seen.shift();
}

/** Listens to everything the context's pages report that a passing test would not expect. */
export function watchContext(context: BrowserContext): void {
  context.on("console", (message) => {
    if (message.type() === "error") note(`console ${message.type()}: ${message.text()} (${message.location().url})`);
  });
  context.on("weberror", (error) => note(`page error: ${error.error().message}`));
  context.on("requestfailed", (request) => note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? "no reason"})`));
  context.on("page", (page) => {
    page.on("crash", () => note(`page crashed: ${page.url()}`));
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) note(`navigated: ${frame.url()}`);
    });
  });
}

/** For the e2e project's setup: each test starts with an empty list and prints it when it fails. */
export function reportBrowserDiagnosticsOnFailure(): void {
  beforeEach(() => {
    seen.length = 0;
  });
  afterEach((context) => {
    const result = context.task.result;
    if (result?.state === "fail") {
      // A try that is tried again shows no error of its own in vitest's output: name it here.
      const error = result.errors?.[0]?.message?.split("\n")[0] ?? "(no message)";
      console.error(`\n"${context.task.name}" failed: ${error}\nWhat the browser saw:\n  ${seen.join("\n  ") || "(nothing)"}\n`);
    }
    seen.length = 0;
  });
}
