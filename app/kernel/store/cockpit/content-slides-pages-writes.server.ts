import type { Id, MediaRef, PageKey } from "../records";
import type { PageInput, SlideInput } from "../../../features/studio";
import type { ContentRepository } from "../port";
import { findById } from "./by-id.server";
import type { CockpitClient, CockpitEntry } from "./client.server";
import { slideFromCockpit } from "./shapes-content";
import { mediaToCockpit, num, seconds, text } from "./shapes-loose";

type SlidesAndPagesWrites = Pick<ContentRepository, "getSlide" | "createSlide" | "updateSlide" | "deleteSlide" | "setSlideOrder" | "savePage">;

const SLIDES = "homeBanner";

/**
 * A slide's place: `_o`, the field Cockpit v1's own admin keeps the order of a sortable
 * collection in (written here through `collections/save`, which stores any key). A slide
 * without one (every slide made before the studio, or in Cockpit's admin) comes after the
 * placed ones, by creation time, which is exactly the order the site showed before.
 */
export const slidePlace = (e: CockpitEntry) => (e._o == null || e._o === "" ? Number.POSITIVE_INFINITY : num(e._o, Number.POSITIVE_INFINITY));

/** homeBanner in the site's order: by place, then by creation time, then by id. */
export function slidesInOrder(entries: CockpitEntry[]): CockpitEntry[] {
  return [...entries].sort((a, b) => slidePlace(a) - slidePlace(b) || seconds(a._created) - seconds(b._created) || (text(a._id) < text(b._id) ? -1 : 1));
}

/** The path as Cockpit keeps it: reads resolve paths against CMS_ASSETS_URL, writes take that off again. */
function storedMedia(ref: MediaRef, assetsBase?: string) {
  const base = assetsBase?.replace(/\/+$/, "");
  const path = base && ref.path.startsWith(`${base}/`) ? ref.path.slice(base.length) : ref.path;
  return mediaToCockpit({ ...ref, path });
}

/**
 * The studio's writes of home slides (collection homeBanner) and of About Us / School (the
 * aboutUs / aboutSchool singletons, through the `singletons/save/<name>` endpoint that
 * vendor/cockpit-v1/start.sh installs: ADR 42; it merges the fields sent).
 */
export function cockpitSlidesAndPagesWrites(client: CockpitClient, assetsBase?: string): SlidesAndPagesWrites {
  const fields = (slide: SlideInput) => ({
    SmallText: slide.smallText,
    Title: slide.title,
    Description: slide.description,
    ...(slide.bannerImage === undefined ? {} : { BannerImage: storedMedia(slide.bannerImage, assetsBase) }),
  });

  return {
    async getSlide(id: Id) {
      const entry = await findById(client, SLIDES, id);
      return entry ? slideFromCockpit(entry, assetsBase) : null;
    },
    async createSlide(slide: SlideInput) {
      // No `_o`: an unplaced slide comes after every placed one, i.e. last.
      const saved = await client.save(SLIDES, { BannerImage: null, ...fields(slide) });
      return text(saved._id);
    },
    async updateSlide(id: Id, slide: SlideInput) {
      const entry = await findById(client, SLIDES, id);
      if (!entry) return false;
      // An update is a top-level merge: fields not sent (the image, `_o`) are kept.
      await client.save(SLIDES, { _id: entry._id, ...fields(slide) });
      return true;
    },
    async deleteSlide(id: Id) {
      const entry = await findById(client, SLIDES, id);
      if (!entry) return false;
      await client.remove(SLIDES, { _id: entry._id });
      return true;
    },
    async setSlideOrder(ids: Id[]) {
      const current = slidesInOrder((await client.find(SLIDES, {})).entries);
      const listed = ids.flatMap((id) => current.filter((e) => text(e._id) === id));
      const order = [...listed, ...current.filter((e) => !listed.includes(e))];
      // One save per slide whose place changes; every slide ends up placed.
      for (const [place, entry] of order.entries()) {
        if (slidePlace(entry) !== place) await client.save(SLIDES, { _id: entry._id, _o: place });
      }
    },
    async savePage(key: PageKey, page: PageInput) {
      // The field names pageFromCockpit reads. No `Image` when undefined: the merge keeps it.
      await client.saveSingleton(key, {
        preTitle: page.preTitle,
        Title: page.title,
        Description: page.descriptionHtml,
        Description2: page.description2Html,
        YoutubeVideoId: page.youtubeVideoId,
        ...(page.image === undefined ? {} : { Image: page.image === null ? null : storedMedia(page.image, assetsBase) }),
      });
    },
  };
}
