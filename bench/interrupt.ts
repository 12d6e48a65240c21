/**
 * Ctrl-C and SIGTERM: run an asynchronous clean-up first, then exit with 130 or 143.
 *
 * Importing wrangler (seed/platform.ts does) adds SIGINT and SIGTERM listeners that
 * call `process.exit()` at once (with code 0), which would cut our clean-up short and
 * leave the detached `wrangler dev` running. So the listeners present now are taken
 * off and run after the clean-up. Listeners added later (none were seen) would still
 * exit early: the caller's `process.on("exit")` hook is the last resort for that.
 */
export function onInterrupt(cleanup: (signal: NodeJS.Signals) => Promise<void>): void {
  let interrupted = false;
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    const others = process.listeners(signal);
    process.removeAllListeners(signal);
    // `on`, not `once`: npm passes Ctrl-C on again, and a signal with no listener would end the process.
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      void cleanup(signal).finally(() => {
        process.exitCode = code;
        for (const listener of others) (listener as NodeJS.SignalsListener)(signal);
        process.exit(code);
      });
    });
  }
}
