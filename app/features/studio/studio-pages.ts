import { z } from "zod";
import type { HomeSlide, Id, MediaRef } from "../../kernel/store/records";
import { youtubeId } from "../site";
import type { InfoPage } from "../../kernel/store/records";
import type { ShownImage } from "../../kernel/media/photo-renditions";

/**
 * The studio's home slides, About Us and School (docs/requirements.md §7.4, §7.5): what their forms accept and
 * the slides' up/down rule. Pure, so each rule is unit-tested; the routes parse with these
 * schemas, the services write through the store port.
 */

/** What an editor writes for a slide. `bannerImage` undefined keeps the image the slide has. */
export interface SlideInput {
  smallText: string;
  title: string;
  description: string;
  bannerImage?: MediaRef;
}

/** What an editor writes for About Us or School. `image` undefined keeps it, null removes it. */
export interface PageInput {
  preTitle: string;
  title: string;
  descriptionHtml: string;
  description2Html: string;
  youtubeVideoId: string;
  image?: MediaRef | null;
}

const text = (max: number, message: string) => z.string().trim().max(max, message).default("");

export const slideFormSchema = z.object({
  smallText: text(120, "Keep the small text under 120 characters."),
  title: z.string({ error: "Enter a title." }).trim().min(1, "Enter a title.").max(200, "Keep the title under 200 characters."),
  description: text(1000, "Keep the description under 1,000 characters."),
});
export type SlideForm = z.infer<typeof slideFormSchema>;

/**
 * A YouTube video: empty (no video), an 11-character id, or a YouTube address (watch,
 * youtu.be, embed, shorts), of which the id is kept: the CMS stores the id only.
 */
export function youtubeIdFromInput(value: string): string | null {
  const input = value.trim();
  if (input === "") return "";
  const bare = youtubeId(input);
  if (bare) return bare;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(input) ? input : `https://${input}`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  if (host === "youtu.be") return youtubeId(url.pathname.slice(1));
  if (host !== "youtube.com" && host !== "youtube-nocookie.com") return null;
  if (url.pathname === "/watch") return youtubeId(url.searchParams.get("v"));
  const path = /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname);
  return path ? youtubeId(path[1]) : null;
}

export const YOUTUBE_MESSAGE = "Enter a YouTube video address or its 11-character id, or leave it empty.";

export const pageFormSchema = z.object({
  preTitle: text(200, "Keep the pre-title under 200 characters."),
  title: z.string({ error: "Enter a title." }).trim().min(1, "Enter a title.").max(200, "Keep the title under 200 characters."),
  descriptionHtml: text(50_000, "The first description is too long."),
  description2Html: text(50_000, "The second description is too long."),
  youtubeVideoId: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const id = youtubeIdFromInput(value);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: YOUTUBE_MESSAGE });
        return z.NEVER;
      }
      return id;
    }),
});
export type PageForm = z.infer<typeof pageFormSchema>;

export type SlideDirection = "up" | "down";

/**
 * The slides' order after moving `id` one place up or down: the same list when it cannot
 * move (first up, last down) or is not in it, so a stale page's button changes nothing.
 */
export function moveInOrder(ids: readonly Id[], id: Id, direction: SlideDirection): Id[] {
  const order = [...ids];
  const from = order.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}

/** A slide's name in the studio and the activity log: its title, or its small text. */
export const slideName = (slide: Pick<HomeSlide, "title" | "smallText">) => slide.title.trim() || slide.smallText.trim() || "(untitled slide)";

/** A slide as the studio's list shows it, with whether it can move up or down. */
export interface SlideRow {
  id: Id;
  smallText: string;
  title: string;
  name: string;
  /** Its thumbnail (studioThumbnail); null when the slide has no picture to show. */
  image: ShownImage | null;
  first: boolean;
  last: boolean;
}

/** What an About Us or School screen edits: the page without its photo, and the photo. */
export interface PageScreenData {
  page: Omit<InfoPage, "image">;
  image: MediaRef | null;
}
