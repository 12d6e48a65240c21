import fs from "node:fs";
import path from "node:path";

/**
 * The layer rules of ADR 58 (and ADR 3's store port), checked by lint instead of remembered.
 * Each file under app/ is placed by its path:
 * - its area: a feature (app/features/<f>/), a kernel (app/kernel/<k>/) or the app's root;
 * - its kind: a route (routes/), server code (*.server.ts), a component (a .tsx, or anything
 *   under components/ or emails/), a feature's public entry (index.ts, components.ts,
 *   index.server.ts at its top), or else a pure rule.
 * Then every import (static, re-export or dynamic) must keep four rules:
 * 1. Only routes and server code import server code: a component or a rule that did would
 *    carry secrets and the store into the browser's bundle.
 * 2. A feature's rules import only zod, other rules and kernels' pure modules (types may come
 *    from anywhere: they leave no code behind).
 * 3. Between features, public entries only: one feature uses another through what that
 *    feature exports for others, never its internals.
 * 4. Kernels stand under features: only the store (whose adapters map records with the
 *    features' rules) and the activity log (whose sentences name every feature's records)
 *    import features, and only their pure entry (index.ts).
 */

const ROOT = process.cwd();
const APP = path.join(ROOT, "app");
const ENTRY_FILES = new Set(["index.ts", "components.ts", "index.server.ts"]);
const KERNELS_THAT_READ_FEATURES = new Set(["store", "activity"]);
const DOMAIN_PACKAGES = new Set(["zod"]);

function resolveFile(base) {
  for (const suffix of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const candidate = base + suffix;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base.endsWith(".ts") || base.endsWith(".tsx") ? base : `${base}.ts`;
}

/** Where a file under app/ stands: { area: "feature" | "kernel" | "root", name, kind }. */
export function place(file) {
  const rel = path.relative(APP, file).split(path.sep);
  if (rel[0] === "..") return null;
  const area = rel[0] === "features" ? "feature" : rel[0] === "kernel" ? "kernel" : "root";
  const name = area === "root" ? "" : rel[1];
  const inside = area === "root" ? rel : rel.slice(2);
  const base = inside[inside.length - 1] ?? "";
  let kind;
  // The app's root: root.tsx is the root route; the load context is the Worker's server code
  // (named without .server because vite.config.ts and server.ts import it, ADR 1).
  if (area === "root" && base === "root.tsx") kind = "route";
  else if (area === "root" && base === "load-context.ts") kind = "server";
  else if (area === "feature" && inside.length === 1 && ENTRY_FILES.has(base)) kind = base === "index.server.ts" ? "server-entry" : "entry";
  else if (/\.server\.tsx?$/.test(base) || inside.some((part) => part.endsWith(".server"))) kind = "server";
  else if (area === "feature" && inside[0] === "routes") kind = "route";
  else if (base.endsWith(".tsx") || inside.includes("components") || inside.includes("emails")) kind = "component";
  else kind = "rule";
  return { area, name, kind, base };
}

function targetOf(spec, file) {
  if (spec.startsWith("~/")) return resolveFile(path.join(APP, spec.slice(2).replace(/\?.*$/, "")));
  if (spec.startsWith(".")) return resolveFile(path.resolve(path.dirname(file), spec.replace(/\?.*$/, "")));
  return null;
}

const isServer = (p) => p.kind === "server" || p.kind === "server-entry";

export default {
  rules: {
    layers: {
      meta: {
        type: "problem",
        docs: { description: "The layer rules of ADR 58: who may import what between features, kernels and layers." },
        schema: [],
        messages: {
          serverFromClient: "A {{kind}} may not import server code ({{spec}}): only routes and *.server.ts files do (ADR 58).",
          impureRule: "A pure rule imports only zod, other rules and kernels' pure modules, not {{spec}} (ADR 58).",
          featureInternals:
            "{{spec}} is inside the {{feature}} feature: import its public entry (~/features/{{feature}}, /components or /index.server) instead (ADR 58).",
          kernelToFeature: "The {{kernel}} kernel may not import the {{feature}} feature ({{spec}}): kernels stand under features (ADR 58).",
          kernelToFeatureEntry: "The store and the activity log use a feature only through its pure entry, ~/features/{{feature}} ({{spec}}) (ADR 58).",
        },
      },
      create(context) {
        const file = context.filename;
        const me = place(file);
        if (!me) return {};
        function check(node, spec, typeOnly) {
          if (typeof spec !== "string") return;
          const target = targetOf(spec, file);
          if (!target) {
            if (me.area === "feature" && me.kind === "rule" && !typeOnly && !DOMAIN_PACKAGES.has(spec.split("/")[0])) {
              context.report({ node, messageId: "impureRule", data: { spec } });
            }
            return;
          }
          const them = place(target);
          if (!them) return;
          const data = { spec, kind: me.kind, feature: them.name, kernel: me.name };
          if (!typeOnly && isServer(them) && (me.kind === "component" || me.kind === "rule" || me.kind === "entry")) {
            context.report({ node, messageId: "serverFromClient", data });
          }
          if (me.area === "feature" && me.kind === "rule" && !typeOnly && them.kind !== "rule" && them.kind !== "entry") {
            context.report({ node, messageId: "impureRule", data });
          }
          if (them.area === "feature" && !(me.area === "feature" && me.name === them.name)) {
            if (me.area === "kernel" && !KERNELS_THAT_READ_FEATURES.has(me.name)) context.report({ node, messageId: "kernelToFeature", data });
            else if (me.area === "kernel" && !(them.kind === "entry" && them.base === "index.ts"))
              context.report({ node, messageId: "kernelToFeatureEntry", data });
            else if (me.area !== "kernel" && them.kind !== "entry" && them.kind !== "server-entry")
              context.report({ node, messageId: "featureInternals", data });
          }
        }
        const typeOnlyImport = (node) => node.importKind === "type" || node.exportKind === "type";
        return {
          ImportDeclaration(node) {
            const allTypes = node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === "type");
            check(node, node.source.value, typeOnlyImport(node) || allTypes);
          },
          ExportNamedDeclaration(node) {
            if (node.source) check(node, node.source.value, typeOnlyImport(node));
          },
          ExportAllDeclaration(node) {
            check(node, node.source.value, typeOnlyImport(node));
          },
          ImportExpression(node) {
            if (node.source.type === "Literal") check(node, node.source.value, false);
          },
        };
      },
    },
  },
};
