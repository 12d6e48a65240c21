import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import boundaries from "./eslint-rules/boundaries.js";

/**
 * ESLint (flat config): the recommended rules of ESLint, typescript-eslint, React, the
 * rules of hooks and jsx-a11y, over the app, the tests, the seed, the scripts and the bench.
 * `npm run lint` runs it with `prettier --check`. A rule is changed here only with a
 * comment saying why.
 */

/** React's rules apply to the app and to components rendered in tests; other tests' `useTestD1()` and `use(db)` are not React hooks. */
const REACT_FILES = ["app/**/*.{ts,tsx}", "**/*.tsx"];

export default tseslint.config(
  { ignores: ["build/", ".wrangler/", "node_modules/", "bench/results/", "public/build/", "worker-configuration.d.ts"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  { files: REACT_FILES, ...react.configs.flat.recommended, settings: { react: { version: "detect" } } },
  // The automatic JSX runtime (tsconfig "jsx": "react-jsx"): React need not be in scope.
  { files: REACT_FILES, ...react.configs.flat["jsx-runtime"] },
  { files: REACT_FILES, ...reactHooks.configs.flat["recommended-latest"] },
  { files: REACT_FILES, ...jsxA11y.flatConfigs.recommended },
  {
    files: REACT_FILES,
    rules: {
      // TypeScript checks the props' types; propTypes would repeat them at run time.
      "react/prop-types": "off",
      // Pages render on the server and then hydrate: what only the browser knows (that it has
      // hydrated, localStorage, the URL's hash, the camera) is set in an effect after
      // hydration, by design, so that the first client render matches the server's HTML.
      // This rule (React Compiler guidance) flags exactly that pattern.
      "react-hooks/set-state-in-effect": "off",
      // A scrolling table is a labelled role="region" with tabIndex 0 so that keyboard users
      // can scroll it (axe: scrollable-region-focusable); other non-interactive roles still may not.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      // `_`-prefixed names are unused on purpose (a destructured part left out, a required parameter).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    // The layer rules of ADR 58 (features, kernels, public entries, pure rules), so that a
    // break of them fails `npm run lint` instead of waiting for a review.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { house: boundaries },
    rules: { "house/layers": "error" },
  },
  {
    // Who may keep an answer, whether it is indexed and when to ask again are said once, by the
    // response kit in app/kernel/http/ (ADR 58, docs/architecture.md): a route or service that
    // wrote these headers itself would drift from the others for the same audience.
    files: ["app/**/*.{ts,tsx}", "server.ts"],
    ignores: ["app/kernel/http/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value=/^(cache-control|x-robots-tag|retry-after)$/i]",
          message: "Use the response kit (app/kernel/http/response-headers.ts, answers.server.ts) instead of writing this header.",
        },
      ],
    },
  },
);
