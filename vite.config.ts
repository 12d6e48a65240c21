import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/load-context";
import { xlsxSyncZip } from "./scripts/vite/xlsx-sync-zip";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Small modules that the root route imports and routes import too. Rollup would give
 * each its own file (one more request and ~100 bytes of import/export glue each on every
 * page); every page loads root anyway, so they travel as one "shell" chunk. Only list
 * modules root itself imports, or every page would load them.
 */
const SHELL_MODULES = [
  "/app/kernel/layout/use-hydrated.ts",
  "/app/kernel/layout/association.ts",
  "/app/kernel/layout/tel-href.ts",
  "/app/kernel/layout/Breadcrumbs.tsx",
  "/app/kernel/forms/keep-page-after-store-error.ts",
];

/**
 * The form family (app/kernel/forms: Field, FormMessage, SubmitButton, useFormReply)
 * travels as one chunk: every public form page loads all of it anyway, and one file costs
 * less than two (docs/decisions/0028).
 */
const FORM_FAMILY = "/app/kernel/forms/";
const FORM_FAMILY_FILES = ["Field.tsx", "FormMessage.tsx", "SubmitButton.tsx", "reply.ts", "use-form-reply.ts", "index.ts"];

/** The e-mail address's one limit: every page that uses it is a form page, which loads the form family anyway. */
const FORM_VALUES = ["/app/kernel/values/email-address.ts"];

const chunkOf = (id: string) => {
  if (SHELL_MODULES.some((suffix) => id.endsWith(suffix))) return "shell";
  if (FORM_FAMILY_FILES.some((file) => id.endsWith(FORM_FAMILY + file))) return "forms";
  if (FORM_VALUES.some((suffix) => id.endsWith(suffix))) return "forms";
  return undefined;
};

/**
 * A feature's pure rules and its public entries (index.ts, components.ts) have no side
 * effects: lint holds rules to zod and other rules (ADR 58). Telling Rollup so lets it drop
 * what a page does not use when it imports a feature through its entry; otherwise every
 * rule module behind an entry (each with a top-level zod schema) would ride along.
 */
const isPureFeatureModule = (id: string) => /\/app\/features\/.+(?<!\.server)\.ts$/.test(id);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remixCloudflareDevProxy({ getLoadContext, environment: "development" }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
    xlsxSyncZip(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  build: {
    // terser shaves ~3 kB gz off the framework chunk: public pages have a 90 kB budget.
    // The chunks are ES modules for browsers with ES2020 (Vite's build target), so terser
    // may mangle top-level names and write ES2020; pure_getters: neither our code nor the
    // libraries read a property for a getter's side effect. Together ~950 B gz off every
    // page, which pays for the form family's chunk on the form pages (docs/decisions/0028).
    minify: "terser",
    terserOptions: { ecma: 2020, module: true, compress: { passes: 3, pure_getters: true }, format: { comments: false } },
    rollupOptions: {
      treeshake: { moduleSideEffects: (id: string) => !isPureFeatureModule(id) },
      ...(isSsrBuild ? {} : { output: { manualChunks: chunkOf } }),
    },
  },
}));
