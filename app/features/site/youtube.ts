/** A YouTube video id as the CMS stores it; anything else gets no play button. */
export function youtubeId(value: string | null | undefined): string | null {
  const id = value?.trim() ?? "";
  return /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
}

export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
/** The privacy-enhanced player: no cookies until the visitor plays the video. */
export const youtubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
