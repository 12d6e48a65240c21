import { z } from "zod";
import { NEWSLETTER_FIELD, RESTART_NOTICES_FIELD } from "./consent";

/**
 * The mail choices a member's form carries (docs/requirements.md §13), as part of that form's zod
 * schema: the newsletter box (sign-up, Edit Account, the accountants' Edit Member) and, on Edit
 * Account while notices are stopped, the box that starts them again. A ticked box posts "on";
 * an unticked one posts nothing. Actions only, so no page's JavaScript carries zod.
 */
const ticked = z.preprocess((value) => typeof value === "string" && ["on", "true", "yes", "1"].includes(value.trim().toLowerCase()), z.boolean());

export const newsletterChoiceSchema = z.object({ [NEWSLETTER_FIELD]: ticked });

export const mailChoicesSchema = z.object({ [NEWSLETTER_FIELD]: ticked, [RESTART_NOTICES_FIELD]: ticked });
