/** Fixed facts about the association (the demo's fictional one). */
export const ASSOCIATION = {
  name: "Manchester Mosaic Association",
  shortName: "MMA",
  appName: "MMA App",
  contact: {
    /** The school's address, shown on the Contact page (docs/requirements.md §1.10). */
    address: ["Mosaic Community School", "Education Village", "1 Example Road", "Manchester M1 1AA"],
    /** The fixed info address the Quick Contact Form is sent to (docs/requirements.md §1.10, §9.2). */
    infoEmail: "info@example.org",
  },
} as const;
