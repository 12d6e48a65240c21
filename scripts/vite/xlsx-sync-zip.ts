import type { Plugin } from "vite";

const VIRTUAL = "\0xlsx-sync-zip";

/**
 * write-excel-file zips the sheet with fflate's asynchronous `zip`, which hands every
 * file over 160 kB (a sheet of a few hundred members) to a Web Worker. A Cloudflare
 * Worker cannot start one, so the download would fail exactly when the list is long.
 * This points the library's zip step at fflate's `zipSync` instead: same input, same
 * result, wrapped in the promise the library expects (ADR 48). The server build leaves
 * packages to wrangler's bundler, which runs no Vite plugin, so the library is bundled by
 * Vite here (`noExternal`) for the redirect to apply. The large-export test in
 * test/integration/features/office/xlsx-exports.test.ts fails if a library update bypasses it.
 */
export function xlsxSyncZip(): Plugin {
  return {
    name: "xlsx-sync-zip",
    enforce: "pre",
    config: () => ({ ssr: { noExternal: ["write-excel-file"] } }),
    resolveId(source, importer) {
      if (source === "../zip/zipToArrayBuffer.js" && importer?.includes("/write-excel-file/")) return VIRTUAL;
      return null;
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      return 'import { zipSync } from "fflate";\nexport default function zipToArrayBuffer(files) { return Promise.resolve(zipSync(files).buffer); }\n';
    },
  };
}
