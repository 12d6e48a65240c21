import { CHILD_INDEXES, MEMBER_DETAILS_LIMITS as LIMITS, TITLES } from "~/features/membership/member-details-form";
import { CheckField, SelectField, TextField } from "./AmendFields";

/**
 * The fields of a member's record that both the member (Edit Account) and an accountant
 * (Edit Member) edit: one markup, so the two forms cannot drift. `own`: the member's own
 * record, where the browser may fill the contact fields in and the consents say "I".
 */

type Values = Record<string, string | undefined>;
type Errors = Partial<Record<string, string>>;

interface Props {
  values: Values;
  errors: Errors;
  own: boolean;
}

/** Title, name, address and mobile: a fieldset's rows, inside the caller's fieldset. */
export function ContactFields({ values, errors, own }: Props) {
  const fill = (token: string) => (own ? { autoComplete: token } : {});
  return (
    <>
      <div className="field-row">
        <SelectField name="title" label="Title" options={["", ...TITLES]} defaultValue={values.title} error={errors.title} />
        <TextField name="fullName" label="Full name" {...fill("name")} maxLength={LIMITS.fullName} defaultValue={values.fullName} error={errors.fullName} />
      </div>
      <TextField name="address" label="Address" {...fill("street-address")} maxLength={LIMITS.address} defaultValue={values.address} error={errors.address} />
      <div className="field-row">
        <TextField name="city" label="City" {...fill("address-level2")} maxLength={LIMITS.city} defaultValue={values.city} error={errors.city} />
        <TextField
          name="county"
          label="County (optional)"
          {...fill("address-level1")}
          maxLength={LIMITS.county}
          defaultValue={values.county}
          error={errors.county}
        />
      </div>
      <div className="field-row">
        <TextField
          name="postcode"
          label="Postcode"
          {...fill("postal-code")}
          maxLength={LIMITS.postcode}
          defaultValue={values.postcode}
          error={errors.postcode}
        />
        <TextField name="mobile" label="Mobile" type="tel" {...fill("tel")} inputMode="tel" maxLength={15} defaultValue={values.mobile} error={errors.mobile} />
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
  error,
}: {
  childCount: string;
  onChange: (value: string) => void;
  hydrated: boolean;
  error?: string;
}) {
  return (
    <SelectField
      name="childCount"
      label="Number of children"
      options={CHILD_COUNTS}
      {...(hydrated ? { value: childCount, onChange } : { defaultValue: childCount })}
      error={error}
    />
  );
}

/** A Family's spouse and `childRows` child rows with the photo consents. */
export function FamilyFieldsets({ values, errors, own, childRows }: Props & { childRows: number }) {
  const who = own ? "I agree" : "The member agrees";
  const whose = own ? "my" : "their";
  return (
    <>
      <fieldset>
        <legend>Spouse</legend>
        <div className="field-row">
          <SelectField name="spouseTitle" label="Spouse's title" options={["", ...TITLES]} defaultValue={values.spouseTitle} error={errors.spouseTitle} />
          <TextField name="spouseName" label="Spouse's name" maxLength={LIMITS.fullName} defaultValue={values.spouseName} error={errors.spouseName} />
        </div>
        <div className="field-row">
          <TextField
            name="spouseEmail"
            label="Spouse's e-mail"
            type="email"
            maxLength={LIMITS.email}
            defaultValue={values.spouseEmail}
            error={errors.spouseEmail}
          />
          <TextField
            name="spouseMobile"
            label="Spouse's mobile"
            type="tel"
            inputMode="tel"
            maxLength={15}
            defaultValue={values.spouseMobile}
            error={errors.spouseMobile}
          />
        </div>
      </fieldset>
      {childRows > 0 ? (
        <fieldset>
          <legend>Children</legend>
          {CHILD_INDEXES.slice(0, childRows).map((i) => (
            <div className="field-row" key={i}>
              <TextField
                name={`childName${i}`}
                label={`Child ${i} name`}
                maxLength={LIMITS.childName}
                defaultValue={values[`childName${i}`]}
                error={errors[`childName${i}`]}
              />
              <TextField
                name={`childYear${i}`}
                label={`Child ${i} year of birth`}
                inputMode="numeric"
                maxLength={LIMITS.childYear}
                defaultValue={values[`childYear${i}`]}
                error={errors[`childYear${i}`]}
              />
            </div>
          ))}
          <CheckField
            name="childPhotoConcent"
            label={`${who} that photos of ${whose} children may be taken at the association's events.`}
            defaultChecked={values.childPhotoConcent === "on"}
            error={errors.childPhotoConcent}
          />
          <CheckField
            name="childPhotoShareConcent"
            label={`${who} that those photos may be shared on the association's website and social media.`}
            defaultChecked={values.childPhotoShareConcent === "on"}
            error={errors.childPhotoShareConcent}
          />
        </fieldset>
      ) : null}
    </>
  );
}
