import type { EventDetails } from "~/domain/event-details";

/** When and where the event is (formatted on the server); nothing when neither is known. */
export function EventDetailsList({ details, className }: { details: EventDetails | null; className?: string }) {
  if (!details || (details.when === null && details.venue === null)) return null;
  return (
    <dl className={`event-details${className ? ` ${className}` : ""}`}>
      {details.when ? (
        <div>
          <dt>When</dt>
          <dd>{details.when}</dd>
        </div>
      ) : null}
      {details.venue ? (
        <div>
          <dt>Where</dt>
          <dd>{details.venue}</dd>
        </div>
      ) : null}
    </dl>
  );
}
