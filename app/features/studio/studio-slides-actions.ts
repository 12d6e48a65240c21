import { z } from "zod";
import { distinct } from "./slide-order";

/** The answer when a dragged order is not exactly the slides there are (another tab added or removed one). */
export const ORDER_OUT_OF_DATE = "The slides have changed since this page was opened. Please try again.";

/**
 * The buttons of /studio/slides: move a slide up or down, remove one (asked first, then
 * `confirmed`); with JavaScript, a drag posts the whole new order (`ids`, one per slide, in order).
 */
export const slidesActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move"), id: z.string().min(1), move: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("remove"), id: z.string().min(1), confirmed: z.literal("1").optional() }),
  z.object({
    intent: z.literal("order"),
    ids: z.array(z.string().min(1)).min(1).refine(distinct, { message: ORDER_OUT_OF_DATE }),
  }),
]);
