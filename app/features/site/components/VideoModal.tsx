import { useRef, useState, type MouseEvent } from "react";
import { youtubeEmbedUrl, youtubeWatchUrl } from "~/features/site/youtube";

/**
 * The play button of the about/school pages. Without JavaScript it is a plain
 * link to the video on YouTube; with it, the video plays in a modal dialog. The
 * player is mounted only while the dialog is open, so closing stops the video.
 */
export function VideoModal({ videoId, title }: { videoId: string; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  function show(event: MouseEvent<HTMLAnchorElement>) {
    if (!dialog.current?.showModal) return;
    event.preventDefault();
    setOpen(true);
    dialog.current.showModal();
  }

  return (
    <>
      <a className="play-button" href={youtubeWatchUrl(videoId)} onClick={show} aria-haspopup="dialog">
        <span className="play-icon" aria-hidden="true" />
        <span className="visually-hidden">Play video: {title}</span>
      </a>
      {/* A click on the backdrop closes the dialog; keyboards close a modal <dialog> with Escape
          (the browser's own) or its Close button, so the click needs no key handler. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        className="video-modal"
        aria-label={`Video: ${title}`}
        onClose={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <div className="video-modal-frame">
          {open ? (
            <iframe src={youtubeEmbedUrl(videoId)} title={title} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen />
          ) : null}
        </div>
        <button type="button" className="video-modal-close" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </dialog>
    </>
  );
}
