/**
 * The saved mailing as a member will get it (docs/requirements.md §13.4), drawn by the template
 * that sends it, greeting the signed-in sender by first name: in a frame as wide as a phone and
 * one as wide as a desktop (on a phone, the desktop frame scrolls sideways in its own box, which
 * takes the keyboard's focus). The frames run nothing (an empty sandbox); the page they load
 * allows only this site to frame it.
 */
const FRAMES = [
  { id: "phone", caption: "On a phone", width: 360 },
  { id: "desktop", caption: "On a computer", width: 800 },
] as const;

export function MailingPreview({ src, sent = false }: { src: string; sent?: boolean }) {
  return (
    <section className="mailing-preview" aria-labelledby="mailing-preview-title">
      <h2 id="mailing-preview-title">Preview</h2>
      <p className="field-hint">
        {sent
          ? "What was sent, as a member got it (with your first name)."
          : "The saved draft, as a member gets it (with your first name). Save to see your changes here."}
      </p>
      <div className="mailing-preview-frames">
        {FRAMES.map((frame) => (
          <figure key={frame.id} className={`mailing-preview-${frame.id}`}>
            <figcaption id={`mailing-preview-${frame.id}-caption`}>{frame.caption}</figcaption>
            <div className="mailing-preview-scroll" role="region" aria-labelledby={`mailing-preview-${frame.id}-caption`} tabIndex={0}>
              <iframe title={`The mailing ${frame.caption.toLowerCase()}`} src={src} sandbox="" width={frame.width} height={640} />
            </div>
          </figure>
        ))}
      </div>
    </section>
  );
}
