/**
 * The Family demo member's Edit Account form (/amend-account) as the page prefills it
 * (seed/demo.ts): what a member sends when they change one thing and keep the rest.
 */
export const DEMO_FAMILY_FORM = {
  title: "Mr",
  fullName: "Arun Joseph",
  address: "48 Palatine Road",
  city: "Manchester",
  county: "Greater Manchester",
  postcode: "M20 3JA",
  mobile: "07700900002",
  membership: "Family",
  spouseTitle: "Mrs",
  spouseName: "Meera Joseph",
  spouseEmail: "meera@example.org",
  spouseMobile: "07700900012",
  childCount: "1",
  childName1: "Anna Joseph",
  childYear1: "2011",
  childPhotoConcent: "on",
  childPhotoShareConcent: "on",
} as const;
