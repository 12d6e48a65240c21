import { Field } from "~/kernel/forms";
import type { AttendeeBand } from "~/kernel/store/records";
import { BAND_NAMES } from "~/features/tickets/ticket-bands";
import { MAX_NAME_LENGTH, attendeeNameLabel, countField, nameField } from "~/features/tickets/ticket-rules";

/**
 * One age band of a ticket's party: how many, then a name field for each. The member's
 * booking form and the accountant's desk both draw it, so the two cannot drift.
 * `controlled`: with JavaScript the count is the page's state and the name fields follow it
 * at once; without it the select keeps its default and "Update party" redraws the form.
 */
export function PartyBand({
  idPrefix,
  band,
  limits: { min, max },
  fixed,
  count,
  controlled,
  onCount,
  names,
  errors,
}: {
  idPrefix: string;
  band: AttendeeBand;
  limits: { min: number; max: number };
  /** A Single membership's one adult: shown, not chosen. */
  fixed: boolean;
  /** How many name fields show. */
  count: number;
  controlled: boolean;
  onCount: (count: number) => void;
  names: ReadonlyArray<string>;
  errors: Partial<Record<string, string>>;
}) {
  const countName = countField(band);
  return (
    <fieldset className={`booking-group booking-group-${band}`}>
      <legend>{BAND_NAMES[band].legend}</legend>
      <Field
        id={`${idPrefix}-${countName}`}
        name={countName}
        as="select"
        className="booking-count"
        label={`Number of ${BAND_NAMES[band].legend.toLowerCase()}`}
        disabled={fixed}
        {...(controlled ? { value: String(count) } : { defaultValue: String(count) })}
        onChange={(event) => onCount(Number((event.target as HTMLSelectElement).value))}
        error={errors[countName]}
        // A disabled select is not posted: a Single membership's one adult is sent here.
        after={fixed ? <input type="hidden" name={countName} value={String(min)} /> : null}
      >
        {range(min, max).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </Field>
      {range(1, count).map((position) => {
        const field = nameField(band, position);
        return (
          <Field
            key={field}
            id={`${idPrefix}-${field}`}
            name={field}
            className="booking-name"
            label={attendeeNameLabel(band, position)}
            type="text"
            autoComplete="off"
            maxLength={MAX_NAME_LENGTH}
            defaultValue={names[position - 1] ?? ""}
            error={errors[field]}
          />
        );
      })}
    </fieldset>
  );
}

function range(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}
