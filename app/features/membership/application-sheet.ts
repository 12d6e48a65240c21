import { parts } from "../../kernel/dates/dates";
import { memberNumberLabel } from "../../kernel/store/member-number";
import type { Member, Membership } from "../../kernel/store/records";

/**
 * The printable application sheet (/member-details/{id}, docs/requirements.md §6.7): who may see it,
 * and what it shows, as display strings only (never the password hash, reset key
 * or anything else of the record).
 */

export const APPLICATION_SHEET_TITLE = "Membership Application";
export const ACCOUNT_NOT_FOUND = "Account Not Found";
export const NOT_GIVEN = "Not given";

export interface SheetRow {
  label: string;
  value: string;
}

export interface SheetDeclaration {
  /** The stored field name, in its old spelling (agreeTerms, giftAidConcent ...; docs/requirements.md §12.2). */
  field: string;
  label: string;
  given: boolean;
  /** Shown beside the label; the answer word says the same for readers who cannot see the mark. */
  mark: "✓" | "✗";
  answer: "Yes" | "No";
}

export interface ApplicationSheet {
  memberNumber: string;
  registered: string;
  membership: Membership;
  applicant: SheetRow[];
  /** Family members only. */
  family: { spouse: SheetRow[]; children: Array<{ name: string; year: string }> } | null;
  declarations: SheetDeclaration[];
}

/** Who is asking: any member's sheet for an accountant, only their own for a member, none for anyone else. */
export type SheetAccess = "accountant" | "self" | "none";

export function applicationSheetAccess(viewer: Pick<Member, "id" | "role" | "active"> | null, requestedId: string): SheetAccess {
  if (!viewer || !viewer.active) return "none";
  if (viewer.role === "accountant") return "accountant";
  return viewer.id === requestedId ? "self" : "none";
}

/** Record ids are short and plain (24 hex characters here, Cockpit's `_id` shape); anything else is not looked up. */
export function isPlausibleRecordId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(id);
}

const orNotGiven = (value: string | null | undefined) => (value && value.trim() ? value.trim() : NOT_GIVEN);

/** A registration date on paper: "5 March 2026", in the association's time zone. */
export function formatRegistrationDate(createdAt: number): string {
  const { day, month, year } = parts(createdAt, { day: "numeric", month: "long", year: "numeric" });
  return `${day} ${month} ${year}`;
}

const DECLARATIONS: Array<{ field: string; label: string; given: (m: Member) => boolean }> = [
  { field: "agreeTerms", label: "I agree to the terms of membership and to pay the registration fee.", given: (m) => m.consents.agreeTerms },
  { field: "giftAidConcent", label: "Gift Aid declaration: treat my payments as Gift Aid donations.", given: (m) => m.consents.giftAid },
  { field: "childPhotoConcent", label: "Photographs of my children may be taken at the association's events.", given: (m) => m.consents.childPhoto },
  {
    field: "childPhotoShareConcent",
    label: "Those photographs may be shared on the association's website and social media.",
    given: (m) => m.consents.childPhotoShare,
  },
];

export function applicationSheet(member: Member): ApplicationSheet {
  const spouse = member.spouse;
  return {
    memberNumber: memberNumberLabel(member.memberNumber),
    registered: formatRegistrationDate(member.createdAt),
    membership: member.membership,
    applicant: [
      { label: "Membership type", value: member.membership },
      { label: "Full name", value: `${member.title} ${member.fullName}`.trim() },
      { label: "E-mail", value: orNotGiven(member.email) },
      { label: "Mobile", value: orNotGiven(member.mobile) },
      { label: "Address", value: orNotGiven(member.address) },
      { label: "City", value: orNotGiven(member.city) },
      { label: "Postcode", value: orNotGiven(member.postcode) },
      { label: "County", value: orNotGiven(member.county) },
    ],
    family:
      member.membership === "Family"
        ? {
            spouse: [
              { label: "Spouse's title", value: orNotGiven(spouse?.title) },
              { label: "Spouse's name", value: orNotGiven(spouse?.name) },
              { label: "Spouse's e-mail", value: orNotGiven(spouse?.email) },
            ],
            children: member.children.map((child) => ({ name: child.name, year: String(child.birthYear) })),
          }
        : null,
    declarations: DECLARATIONS.map(({ field, label, given }) => {
      const yes = given(member);
      return { field, label, given: yes, mark: yes ? "✓" : "✗", answer: yes ? "Yes" : "No" };
    }),
  };
}
