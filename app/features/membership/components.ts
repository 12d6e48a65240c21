/**
 * The membership feature's public entry for its components and e-mails: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { AccountPanel } from "./components/AccountPanel";
export { SelectField, TextField } from "./components/AmendFields";
export { ChildCountField, ContactFields, FamilyFieldsets } from "./components/MemberFields";
export { SaveOnEnter, UpdateTheForm } from "./components/WithoutScriptButtons";
export { RenewalReminderEmail, renewalReminderSubject } from "./emails/RenewalReminderEmail";
