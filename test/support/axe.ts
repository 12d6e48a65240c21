import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** axe-core's WCAG 2.1 A/AA violations on the page as drawn now, one line each: "rule: targets". */
export async function axeViolations(page: Page, options: { exclude?: string } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (options.exclude) builder.exclude(options.exclude);
  return (await builder.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
