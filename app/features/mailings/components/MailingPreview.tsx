/**
 * The saved mailing as a member will get it (docs/requirements.md §13), drawn by the template that
 * sends it, greeting the signed-in sender by first name: in a frame as wide as a phone and one as
 * wide as a desktop. The frames run nothing (an empty sandbox); the page they load allows only
 * this site to frame it.
 */
export function MailingPreview({ src }: { src: string }) {
  return (
    <section className="mailing-preview" aria-labelledby="mailing-preview-title">
      <h2 id="mailing-preview-title">Preview</h2>
      <p className="field-hint">The saved draft, as a member gets it (with your first name). Save to see your changes here.</p>
      <div className="mailing-preview-frames">
        <figure className="mailing-preview-phone">
          <figcaption>On a phone</figcaption>
          <iframe title="The mailing on a phone" src={src} sandbox="" width={360} height={640} />
        </figure>
        <figure className="mailing-preview-desktop">
          <figcaption>On a computer</figcaption>
          <iframe title="The mailing on a computer" src={src} sandbox="" width={800} height={640} />
        </figure>
      </div>
    </section>
  );
}
