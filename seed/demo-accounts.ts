/** The demo accounts of the embedded default (also printed by `npm start` and listed in the README). */
export const DEMO_ACCOUNTS = [
  {
    key: "treasurer",
    email: "treasurer@example.org",
    password: "demo-treasurer-2026",
    description: "accountant (Dashboard, back office, door)",
  },
  {
    key: "member",
    email: "member@example.org",
    password: "demo-member-2026",
    description: "Family member, paid this year, spouse and 3 children",
  },
  {
    key: "single",
    email: "single@example.org",
    password: "demo-single-2026",
    description: "Single member, last renewed last year",
  },
  {
    key: "applicant",
    email: "applicant@example.org",
    password: "demo-applicant-2026",
    description: "applicant under review (cannot sign in yet)",
  },
  {
    key: "editor",
    email: "editor@example.org",
    password: "demo-editor-2026",
    description: "website editor (the website studio; nothing of the money or the members)",
  },
  {
    key: "steward",
    email: "steward@example.org",
    password: "demo-steward-2026",
    description: "door steward (the door and nothing else)",
  },
] as const;

export type DemoAccountKey = (typeof DEMO_ACCOUNTS)[number]["key"];
