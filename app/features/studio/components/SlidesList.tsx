import { Form, Link } from "@remix-run/react";
import type { Confirmation } from "~/kernel/forms/confirm-step";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { FormMessage } from "~/kernel/forms";
import type { SlideRow } from "~/features/studio/studio-pages";
import { StudioPage } from "./StudioPage";
import { useHydrated } from "~/kernel/layout/use-hydrated";
import { useSlideDrag } from "./use-slide-drag";
import { Picture } from "~/kernel/media/Picture";

export interface SlidesListProps {
  slides: SlideRow[];
  /** The slide a remove button asked about: the question, then Yes or Cancel (works without JavaScript). */
  confirm: Confirmation | null;
  formError?: string;
}

/**
 * /studio/slides: the home page's slides in the order visitors see them, each with up and
 * down buttons (plain forms: they work without JavaScript), edit and remove. With JavaScript
 * each row also has a drag handle (use-slide-drag.ts).
 */
export function SlidesList({ slides, confirm, formError }: SlidesListProps) {
  const hydrated = useHydrated();
  const drag = useSlideDrag(slides.map((slide) => slide.id));
  const byId = new Map(slides.map((slide) => [slide.id, slide]));
  const rows = drag.order.map((id) => byId.get(id)).filter((slide): slide is SlideRow => slide !== undefined);
  return (
    <StudioPage title="Home slides">
      <p className="studio-intro">The pictures at the top of the home page, in the order visitors see them.</p>
      <p className="studio-part-links">
        <Link to="/studio/slides/new" className="button">
          Add a slide
        </Link>
        <a href="/">View on site</a>
      </p>
      <FormMessage message={formError} />
      {confirm ? <ConfirmStep confirm={confirm} cancelTo="/studio/slides" yes="Yes, remove it" /> : null}
      {slides.length === 0 ? (
        <p>There are no slides yet. The home page shows the association&rsquo;s name instead.</p>
      ) : (
        <>
          {hydrated ? (
            <p className="studio-slides-hint" role="status">
              {drag.saving ? "Saving the new order…" : "Drag a slide by its handle to move it, or use Move up and Move down."}
            </p>
          ) : null}
          <ol className="studio-slides" aria-busy={drag.saving || undefined}>
            {rows.map((slide, index) => (
              <li key={slide.id} data-row-id={slide.id} className={slide.id === drag.draggingId ? "studio-slide studio-slide-dragging" : "studio-slide"}>
                {hydrated ? (
                  <button
                    type="button"
                    className="studio-slide-handle"
                    aria-label={`Drag to reorder ${slide.title || slide.name}`}
                    {...drag.handleProps(slide.id)}
                  >
                    <span aria-hidden="true">⠿</span>
                  </button>
                ) : null}
                {slide.image ? <Picture image={slide.image} alt="" sizes="120px" /> : <span className="studio-no-image">No picture</span>}
                <div className="studio-slide-text">
                  <p className="studio-slide-small">{slide.smallText}</p>
                  <h2 id={`slide-${slide.id}`}>{slide.title || slide.name}</h2>
                </div>
                <div className="studio-slide-actions">
                  <Form method="post">
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="id" value={slide.id} />
                    <button
                      type="submit"
                      name="move"
                      value="up"
                      className="button button-secondary"
                      disabled={index === 0}
                      aria-describedby={`slide-${slide.id}`}
                    >
                      Move up
                    </button>
                    <button
                      type="submit"
                      name="move"
                      value="down"
                      className="button button-secondary"
                      disabled={index === rows.length - 1}
                      aria-describedby={`slide-${slide.id}`}
                    >
                      Move down
                    </button>
                  </Form>
                  <Link to={`/studio/slides/${slide.id}`} aria-describedby={`slide-${slide.id}`}>
                    Edit
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={slide.id} />
                    <button type="submit" className="button button-secondary" aria-describedby={`slide-${slide.id}`}>
                      Remove
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </StudioPage>
  );
}
