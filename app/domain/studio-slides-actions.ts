import { z } from "zod";

/** The buttons of /studio/slides: move a slide up or down, remove one (asked first, then `confirmed`). */
export const slidesActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move"), id: z.string().min(1), move: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("remove"), id: z.string().min(1), confirmed: z.literal("1").optional() }),
]);
