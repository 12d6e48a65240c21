import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { draggedSlide, isSameSlides, moveTo } from "~/features/studio/slide-order";
import { ORDER_OUT_OF_DATE, slidesActionSchema } from "~/features/studio/studio-slides-actions";

/** A dragged order as the page posts it: intent "order" and `ids` repeated, in order. */
const orderForm = (ids: string[]) => {
  const data = new FormData();
  data.set("intent", "order");
  for (const id of ids) data.append("ids", id);
  return data;
};

describe("the dragged order's form (intent order, ids repeated)", () => {
  it("reads the ids in the order posted, one slide too", () => {
    const three = parseWithZod(orderForm(["c", "a", "b"]), { schema: slidesActionSchema });
    expect(three.status).toBe("success");
    expect(three.status === "success" && three.value).toEqual({ intent: "order", ids: ["c", "a", "b"] });
    const one = parseWithZod(orderForm(["a"]), { schema: slidesActionSchema });
    expect(one.status === "success" && one.value).toEqual({ intent: "order", ids: ["a"] });
  });

  it("refuses no ids, an empty id, and a slide named twice (with the out-of-date message)", () => {
    expect(parseWithZod(orderForm([]), { schema: slidesActionSchema }).status).toBe("error");
    expect(parseWithZod(orderForm(["a", ""]), { schema: slidesActionSchema }).status).toBe("error");
    const twice = parseWithZod(orderForm(["a", "b", "a"]), { schema: slidesActionSchema });
    expect(twice.status).toBe("error");
    expect(twice.reply().error?.ids).toEqual([ORDER_OUT_OF_DATE]);
  });
});

describe("isSameSlides: a dragged order must name exactly the slides there are", () => {
  const current = ["a", "b", "c"];
  it("accepts the same slides in any order", () => {
    expect(isSameSlides(current, ["c", "a", "b"])).toBe(true);
    expect(isSameSlides(current, current)).toBe(true);
  });
  it("refuses one missing, one extra, one unknown or one twice", () => {
    expect(isSameSlides(current, ["a", "b"])).toBe(false);
    expect(isSameSlides(current, ["a", "b", "c", "d"])).toBe(false);
    expect(isSameSlides(current, ["a", "b", "x"])).toBe(false);
    expect(isSameSlides(current, ["a", "b", "b"])).toBe(false);
  });
});

describe("draggedSlide: which slide the activity log names", () => {
  it("finds the slide dragged up or down, however far", () => {
    expect(draggedSlide(["a", "b", "c", "d"], ["d", "a", "b", "c"])).toBe("d");
    expect(draggedSlide(["a", "b", "c", "d"], ["b", "c", "d", "a"])).toBe("a");
    expect(draggedSlide(["a", "b", "c", "d"], ["a", "c", "b", "d"])).toBe("c");
  });
  it("is null when nothing moved", () => {
    expect(draggedSlide(["a", "b"], ["a", "b"])).toBeNull();
  });
});

describe("moveTo: the drag's preview", () => {
  it("moves one item to a new place, the others keeping their order", () => {
    expect(moveTo(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveTo(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
  });
  it("leaves the order as it is for a place outside the list, and does not change the list it is given", () => {
    const list = ["a", "b"];
    expect(moveTo(list, 0, 2)).toEqual(["a", "b"]);
    expect(moveTo(list, -1, 0)).toEqual(["a", "b"]);
    expect(list).toEqual(["a", "b"]);
  });
});
