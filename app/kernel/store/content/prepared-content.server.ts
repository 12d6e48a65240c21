import { resolveCover, resolveMedia } from "../../media/media";
import type { Gallery, InfoPage, MediaRef, NewsItem } from "../records";
import type { SiteSettings } from "../site-settings";
import type { ContentRepository } from "../port";
import { sanitizeRichText } from "./sanitize.server";

/**
 * Content as the pages may render it: every rich-text field sanitized and every
 * media path resolved to the URL the browser fetches. Done once, before caching,
 * so a cache hit costs no parsing.
 */
export function prepareContent(content: ContentRepository, assetsBase?: string): ContentRepository {
  const media = (ref: MediaRef | null) => resolveMedia(ref, assetsBase);
  const images = (refs: MediaRef[]) => refs.flatMap((ref) => media(ref) ?? []);

  const settings = (value: SiteSettings): SiteSettings => ({
    ...value,
    upcomingEvent: {
      ...value.upcomingEvent,
      image: media(value.upcomingEvent.image),
      video: media(value.upcomingEvent.video),
      descriptionHtml: sanitizeRichText(value.upcomingEvent.descriptionHtml),
    },
    membership: { ...value.membership, disabledMessageHtml: sanitizeRichText(value.membership.disabledMessageHtml) },
    // Donations (docs/requirements.md §14): the words at the top of /donate
    donatePageHtml: sanitizeRichText(value.donatePageHtml),
  });
  const page = (value: InfoPage): InfoPage => ({
    ...value,
    image: media(value.image),
    descriptionHtml: sanitizeRichText(value.descriptionHtml),
    description2Html: sanitizeRichText(value.description2Html),
  });
  const gallery = (value: Gallery): Gallery | null => {
    const shown = images(value.images);
    const featuredImage = resolveCover(value.featuredImage, shown, assetsBase);
    return featuredImage ? { ...value, featuredImage, images: shown } : null;
  };
  const news = (value: NewsItem): NewsItem => ({
    ...value,
    image: media(value.image),
    excerptHtml: sanitizeRichText(value.excerptHtml),
    contentHtml: sanitizeRichText(value.contentHtml),
  });

  return {
    // The store's writes (the studio's) pass through unchanged; the reads below are prepared.
    ...content,
    getSiteSettings: async () => settings(await content.getSiteSettings()),
    async getPage(key) {
      const value = await content.getPage(key);
      return value && page(value);
    },
    listSlides: async () =>
      (await content.listSlides()).flatMap((slide) => {
        const bannerImage = media(slide.bannerImage);
        return bannerImage ? [{ ...slide, bannerImage }] : [];
      }),
    listOfficeBearers: async () => (await content.listOfficeBearers()).map((person) => ({ ...person, photo: media(person.photo) })),
    listPreviousTeams: async () => (await content.listPreviousTeams()).map((team) => ({ ...team, contentHtml: sanitizeRichText(team.contentHtml) })),
    listEvents: () => content.listEvents(),
    listGalleries: async () => (await content.listGalleries()).flatMap((value) => gallery(value) ?? []),
    async getGallery(id) {
      const value = await content.getGallery(id);
      return value && gallery(value);
    },
    listPublishedNews: async () => (await content.listPublishedNews()).map(news),
    async getPublishedNews(id) {
      const value = await content.getPublishedNews(id);
      return value && news(value);
    },
  };
}
