import { CHILD_INDEXES, MEMBER_DETAILS_LIMITS as LIMITS, TITLES } from "~/features/membership/member-details-form";
import type { BoundField, FieldBinder } from "~/kernel/forms";
import { CheckField, SelectField, TextField } from "./AmendFields";

/**
 * The fields of a member's record that both the member (Edit Account) and an accountant
 * (Edit Member) edit: one markup, so the two forms cannot drift. `own`: the member's own
 * record, where the browser may fill the contact fields in and the consents say "I".
 */

interface Props {
  /** The page's binder: it chooses the ids (both pages: `amend-<name>`). */
  field: FieldBinder;
  own: boolean;
}

/** Title, name, address and mobile: a fieldset's rows, inside the caller's fieldset. */
export function ContactFields({ field, own }: Props) {
  const fill = (token: string) => (own ? { autoComplete: token } : {});
  return (
    <>
      <div className="field-row">
        <SelectField {...field("title")} label="Title" options={["", ...TITLES]} />
        <TextField {...field("fullName")} label="Full name" {...fill("name")} maxLength={LIMITS.fullName} />
      </div>
      <TextField {...field("address")} label="Address" {...fill("street-address")} maxLength={LIMITS.address} />
      <div className="field-row">
        <TextField {...field("city")} label="City" {...fill("address-level2")} maxLength={LIMITS.city} />
        <TextField {...field("county")} label="County (optional)" {...fill("address-level1")} maxLength={LIMITS.county} />
      </div>
      <div className="field-row">
        <TextField {...field("postcode")} label="Postcode" {...fill("postal-code")} maxLength={LIMITS.postcode} />
        <TextField {...field("mobile")} label="Mobile" type="tel" {...fill("tel")} inputMode="tel" maxLength={15} />
      </div>
    </>
  );
}

const CHILD_COUNTS = ["0", "1", "2", "3", "4", "5"];

/** How many children a Family has: it decides how many child rows show. */
export function ChildCountField({
  childCount,
  onChange,
  hydrated,
  ...bound
}: BoundField & {
  childCount: string;
  onChange: (value: string) => void;
  hydrated: boolean;
}) {
  return (
    <SelectField
      {...bound}
      label="Number of children"
      options={CHILD_COUNTS}
      {...(hydrated ? { value: childCount, onChange } : { defaultValue: childCount })}
    />
  );
}

/** A Family's spouse and `childRows` child rows with the photo consents. */
export function FamilyFieldsets({ field, own, childRows }: Props & { childRows: number }) {
  const who = own ? "I agree" : "The member agrees";
  const whose = own ? "my" : "their";
  return (
    <>
      <fieldset>
        <legend>Spouse</legend>
        <div className="field-row">
          <SelectField {...field("spouseTitle")} label="Spouse's title" options={["", ...TITLES]} />
          <TextField {...field("spouseName")} label="Spouse's name" maxLength={LIMITS.fullName} />
        </div>
        <div className="field-row">
          <TextField {...field("spouseEmail")} label="Spouse's e-mail" type="email" maxLength={LIMITS.email} />
          <TextField {...field("spouseMobile")} label="Spouse's mobile" type="tel" inputMode="tel" maxLength={15} />
        </div>
      </fieldset>
      {childRows > 0 ? (
        <fieldset>
          <legend>Children</legend>
          {CHILD_INDEXES.slice(0, childRows).map((i) => (
            <div className="field-row" key={i}>
              <TextField {...field(`childName${i}`)} label={`Child ${i} name`} maxLength={LIMITS.childName} />
              <TextField {...field(`childYear${i}`)} label={`Child ${i} year of birth`} inputMode="numeric" maxLength={LIMITS.childYear} />
            </div>
          ))}
          <CheckField {...field("childPhotoConcent")} label={`${who} that photos of ${whose} children may be taken at the association's events.`} />
          <CheckField {...field("childPhotoShareConcent")} label={`${who} that those photos may be shared on the association's website and social media.`} />
        </fieldset>
      ) : null}
    </>
  );
}
