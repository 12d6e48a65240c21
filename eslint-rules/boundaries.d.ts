import type { Rule } from "eslint";

/** Types for the layer rule's module (written in JavaScript because eslint.config.js loads it). */
declare const plugin: { rules: { layers: Rule.RuleModule } };
export default plugin;
export function place(file: string): { area: "feature" | "kernel" | "root"; name: string; kind: string; base: string } | null;
