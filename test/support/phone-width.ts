import type { Page } from "playwright-core";

/**
 * What sticks out sideways on the page as drawn now (the "usable at 360 px" check).
 * The page's own width: `document.documentElement.scrollWidth` beyond `clientWidth`.
 * And every visible element whose box ends past the viewport's right edge, unless an
 * ancestor is a scroll container (overflow-x auto or scroll) that itself fits: there the
 * user can reach it (the admin tables' regions). An ancestor that only clips (hidden,
 * clip) does not excuse it, since the clipped part cannot be reached; `body`'s
 * overflow-x: hidden would otherwise hide every such fault from the page-width check.
 * Boxes of 1 px or less (visually hidden text) and elements hidden from everyone are skipped.
 */
export async function sidewaysOverflow(page: Page): Promise<{ pageWidth: number; viewport: number; offenders: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const classes = typeof el.className === "string" && el.className.trim() ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      return `${el.tagName.toLowerCase()}${id}${classes}`;
    };
    const scrollsSideways = (el: Element) => {
      const overflowX = getComputedStyle(el).overflowX;
      return (overflowX === "auto" || overflowX === "scroll") && el.getBoundingClientRect().right <= viewport + 0.5;
    };
    const offenders: string[] = [];
    const outermost = new Set<Element>();
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || box.right <= viewport + 0.5) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none" || el.closest("[hidden], dialog:not([open])")) continue;
      let ancestor = el.parentElement;
      let excused = false;
      while (ancestor && ancestor !== document.body) {
        // Reachable by scrolling its container; or inside an offender already named (only the outermost is).
        if (scrollsSideways(ancestor) || outermost.has(ancestor)) {
          excused = true;
          break;
        }
        ancestor = ancestor.parentElement;
      }
      if (excused) continue;
      outermost.add(el);
      offenders.push(`${describe(el)} (right edge ${Math.round(box.right)} px)`);
    }
    return { pageWidth: document.documentElement.scrollWidth, viewport, offenders };
  });
}

/** How many lines the element's text takes as drawn (one client rect per line box of its text). */
export async function textLines(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
      return tops.size;
    });
}

/**
 * Regions that scroll sideways (a wide table at 360 px) with no sign of it: every
 * `.table-scroll` whose content is wider than its box needs a visible
 * `.table-scroll-hint` just before it, inside the viewport. Returns the offenders' labels.
 */
export async function unhintedScrollRegions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const offenders: string[] = [];
    for (const region of Array.from(document.querySelectorAll<HTMLElement>(".table-scroll"))) {
      if (region.scrollWidth <= region.clientWidth + 1 || region.getClientRects().length === 0) continue;
      const hint = region.previousElementSibling;
      const box = hint?.getBoundingClientRect();
      const shown =
        hint?.classList.contains("table-scroll-hint") &&
        getComputedStyle(hint).display !== "none" &&
        getComputedStyle(hint).visibility !== "hidden" &&
        box!.width > 0 &&
        box!.height > 0 &&
        box!.left >= 0 &&
        box!.right <= document.documentElement.clientWidth;
      if (!shown) offenders.push(region.getAttribute("aria-label") ?? region.className);
    }
    return offenders;
  });
}
