import { ID_SPACE, seedId } from "../../../seed/ids";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { client } from "../../support/client";
import { ACTORS, ACTOR_HOMES, DEMO, ROUTES, canSee, type Actor, type Method, type RouteEntry } from "../../support/route-list";
import { sessionCookieFor } from "../../support/session";

/**
 * The access-control matrix (docs/requirements.md §2.1, §2.2; docs/security.md): every route
 * file in test/support/route-list.ts × GET and POST × visitor / applicant / member / other member /
 * website editor / door steward / accountant, on the shared seeded server. A method a route does not accept answers 405
 * (never 5xx). Remix hands PUT, PATCH and DELETE to the action as it does POST, so a route
 * with an action is asked with all four (each must get what POST gets); a route without
 * one is asked with POST (405). The expectations come from the route's access class, then the exceptions
 * below, so this file reads as the rule book of who may do what:
 *
 * - public      everyone gets the page;
 * - member      visitors and applicants (not active yet) → 302 /login?redirectTo=<path>;
 *               members (editors, stewards) and the accountant get it;
 * - editor      visitors and applicants → 302 /login?redirectTo=<path>; other members → 302 their home;
 *               editors and the accountant get it (the website studio);
 * - door        visitors and applicants → 302 /login?redirectTo=<path>; other members → 302 their home;
 *               door stewards and the accountant get it (ADR 65: the door and nothing else);
 * - accountant  visitors and applicants → 302 /login?redirectTo=<path>; members, editors and stewards → 302 their home
 *               (a member /mem-account, an editor /studio, a steward /scan-qr-code: ACTOR_HOMES);
 * - dev         everyone (development builds only; production answers 404);
 * - special     its own rule (ROUTES[file].rule): `seenBy` get the page, the rest as listed below.
 *
 * Refused posts carry a form that would change something if the guard let it through
 * (grant a role, delete a member, rename the applicant ...); the last test checks that
 * nothing of it happened. Admitted posts carry a harmless form (nothing to act on), so
 * the shared server's demo stays as it is.
 */

interface Answer {
  status: number;
  location?: string;
  /** The start of the Content-Type header. */
  type?: string;
}
/** A cell not sent, and why (it would change the shared server's demo). */
interface NotSent {
  skip: string;
}
type Cell = Answer | NotSent;

const SIGNED_IN: ReadonlySet<Actor> = new Set(["member", "otherMember", "editor", "steward", "accountant"]);
const toLogin = (path: string): Answer => ({ status: 302, location: `/login?redirectTo=${encodeURIComponent(path)}` });
const TO_ACCOUNT: Answer = { status: 302, location: "/mem-account" };
/** A signed-in actor turned away, or sent on by /login: to their role's home (ADR 65). */
const toHome = (actor: Actor): Answer => ({ status: 302, location: ACTOR_HOMES[actor as keyof typeof ACTOR_HOMES] });
const HTML = "text/html";

/** What the access class alone says for a GET. */
function byAccessClass(entry: RouteEntry, actor: Actor): Answer {
  const admitted: Answer = { status: entry.status ?? 200, type: entry.html ? HTML : undefined };
  if (canSee(entry, actor)) return admitted;
  switch (entry.access) {
    case "member":
      return toLogin(entry.path);
    case "editor":
    case "door":
    case "accountant":
      return SIGNED_IN.has(actor) ? toHome(actor) : toLogin(entry.path);
    default:
      // Special routes that refuse say so in GET_EXCEPTIONS.
      throw new Error(`${entry.path}: no expectation for ${actor}; add one to GET_EXCEPTIONS`);
  }
}

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** GETs whose answer is not the access class's plain rule. */
const GET_EXCEPTIONS: Record<string, (actor: Actor) => Answer | undefined> = {
  // An active member is already signed in: sent on to their role's home.
  "features/sign-in/routes/login.tsx": (actor) => (SIGNED_IN.has(actor) ? toHome(actor) : undefined),
  // Anyone with a session, even an applicant's, is sent on (then /mem-account sends an applicant to /login).
  "features/membership/routes/signup.tsx": (actor) => (actor === "visitor" ? undefined : TO_ACCOUNT),
  // The consent banner posts here; a GET goes home.
  "features/site/routes/cookie-consent.tsx": () => ({ status: 302, location: "/" }),
  // The member themself and the accountant; to everyone else the same 404 as an unknown id.
  "features/membership/routes/application-sheet.tsx": (actor) => (actor === "member" || actor === "accountant" ? undefined : { status: 404, type: HTML }),
  // Stripe's events are posted: a GET is refused by the route itself.
  "features/payments/routes/stripe-webhook.tsx": () => ({ status: 405, type: "text/plain" }),
  // Resend's events too (docs/requirements.md §13).
  "features/mailings/routes/resend-webhook.tsx": () => ({ status: 405, type: "text/plain" }),
  // The CSV exports answer CSV, the documents their file.
  "features/office/routes/members-export-csv.tsx": (actor) => (actor === "accountant" ? { status: 200, type: "text/csv" } : undefined),
  "features/office/routes/renewals-pending-csv.tsx": (actor) => (actor === "accountant" ? { status: 200, type: "text/csv" } : undefined),
  "features/office/routes/renewals-renewed-csv.tsx": (actor) => (actor === "accountant" ? { status: 200, type: "text/csv" } : undefined),
  "features/office/routes/event-payments-tickets-csv.tsx": (actor) => (actor === "accountant" ? { status: 200, type: "text/csv" } : undefined),
  "features/site/routes/document-file.tsx": (actor) => (SIGNED_IN.has(actor) ? { status: 200, type: "application/pdf" } : undefined),
  // The gallery upload with JavaScript takes posts only: a GET goes to the gallery's page.
  "features/studio/routes/gallery-photos-upload.tsx": (actor) =>
    actor === "editor" || actor === "accountant" ? { status: 302, location: `/studio/galleries/${DEMO.gallery}` } : undefined,
  // Excel exports (docs/requirements.md §6.8): the Excel twins answer Excel files.
  "features/office/routes/members-export-xlsx.tsx": (actor) => (actor === "accountant" ? { status: 200, type: XLSX } : undefined),
  "features/office/routes/renewals-pending-xlsx.tsx": (actor) => (actor === "accountant" ? { status: 200, type: XLSX } : undefined),
  "features/office/routes/renewals-renewed-xlsx.tsx": (actor) => (actor === "accountant" ? { status: 200, type: XLSX } : undefined),
  "features/office/routes/event-payments-tickets-xlsx.tsx": (actor) => (actor === "accountant" ? { status: 200, type: XLSX } : undefined),
  // Members' data rights (docs/requirements.md §8): the data files are JSON.
  "features/data-rights/routes/my-data-json.tsx": (actor) => (SIGNED_IN.has(actor) ? { status: 200, type: "application/json" } : undefined),
  "features/data-rights/routes/member-data-json.tsx": (actor) => (actor === "accountant" ? { status: 200, type: "application/json" } : undefined),
  "features/data-rights/routes/my-data-html.tsx": (actor) => (SIGNED_IN.has(actor) ? { status: 200, type: "text/html" } : undefined),
  "features/data-rights/routes/member-data-html.tsx": (actor) => (actor === "accountant" ? { status: 200, type: "text/html" } : undefined),
  // Two-step verification (ADR 71): the second step's page is only for a session waiting for it; nobody here has one.
  "features/two-step/routes/second-step.tsx": (actor) => (SIGNED_IN.has(actor) ? toHome(actor) : { status: 302, location: "/login" }),
  // Members & receipts (docs/requirements.md §6.5, §6.6, §4.11): a receipt is its member's and the accountant's; another member gets the same 404 as an unknown id.
  "features/membership/routes/receipt.tsx": (actor) => {
    if (actor === "member" || actor === "accountant") return undefined;
    return SIGNED_IN.has(actor) ? { status: 404, type: HTML } : toLogin(`/account/receipts/${DEMO.memberRenewal}`);
  },
};

/** What an admitted actor's harmless post gets (a form with nothing to act on). */
const ADMITTED_POST: Record<string, (actor: Actor) => Cell> = {
  "features/site/routes/contact.tsx": () => ({ status: 400, type: HTML }),
  // Donations (docs/requirements.md §14): anyone may give; an empty post is told what is missing.
  "features/donations/routes/donate.tsx": () => ({ status: 400, type: HTML }),
  "features/sign-in/routes/login.tsx": (actor) => (SIGNED_IN.has(actor) ? toHome(actor) : { status: 400, type: HTML }),
  "features/membership/routes/signup.tsx": (actor) => (actor === "visitor" ? { status: 400, type: HTML } : TO_ACCOUNT),
  "features/sign-in/routes/forgot-password.tsx": () => ({ status: 400, type: HTML }),
  // A code post without a code (ADR 69): refused with the field's message, nothing changed.
  "features/sign-in/routes/login-code.tsx": () => ({ status: 400, type: HTML }),
  // Sets the consent cookie only.
  "features/site/routes/cookie-consent.tsx": () => ({ status: 204 }),
  "features/sign-in/routes/logout.tsx": () => ({ status: 200, type: HTML }),
  // Renew Now: refused when this year is paid (the demo Family, the treasurer); for the
  // Single member it would start a real checkout (covered by test/integration/features/membership/account.test.ts).
  "features/membership/routes/my-account.tsx": (actor) => (actor === "otherMember" ? { skip: "starts a renewal checkout for the Single member" } : TO_ACCOUNT),
  "features/membership/routes/amend-account.tsx": () => ({ status: 400, type: HTML }),
  "features/tickets/routes/book-ticket.tsx": () => ({ status: 400, type: HTML }),
  // The back office answers a form it does not understand with a message on the same page (400, the form's reply).
  "features/office/routes/members.tsx": () => ({ status: 400, type: HTML }),
  "features/office/routes/deleted-members.tsx": () => ({ status: 400, type: HTML }),
  "features/office/routes/member.tsx": () => ({ status: 400, type: HTML }),
  "features/payments/routes/pending-payments.tsx": () => ({ status: 400, type: HTML }),
  "features/office/routes/renewals-report.tsx": () => ({ status: 400, type: HTML }),
  // Send again: the sample e-mail does not exist.
  "features/office/routes/email.tsx": () => ({ status: 404, type: HTML }),
  // The report has no action of its own: 405 once the guard has passed.
  "features/office/routes/event-payments-report.tsx": () => ({ status: 405 }),
  // SAVE without a ticket code.
  "features/door/routes/scanner.tsx": () => ({ status: 400, type: HTML }),
  // Links that are their own key: an unknown one is not found, whoever posts.
  "features/payments/routes/registration-fee.tsx": () => ({ status: 404, type: HTML }),
  "features/sign-in/routes/reset-password.tsx": () => ({ status: 404, type: HTML }),
  "features/payments/routes/practice-checkout.tsx": () => ({ status: 404, type: HTML }),
  // Unsigned: the dev server has no STRIPE_WEBHOOK_SECRET, so it says webhooks are not configured
  // (Stripe retries a 503); with a secret an unsigned event is 400 (test/integration/features/payments/payments.test.ts).
  "features/payments/routes/stripe-webhook.tsx": () => ({ status: 503, type: "text/plain" }),
  // A bad unsubscribe link is refused with its page (docs/requirements.md §13), whoever posts.
  "features/mailings/routes/unsubscribe.tsx": () => ({ status: 400, type: HTML }),
  // Unsigned, and the dev server has no RESEND_WEBHOOK_SECRET: never trusted (400).
  "features/mailings/routes/resend-webhook.tsx": () => ({ status: 400, type: "text/plain" }),

  // Studio: site settings. The harmless form (HARMLESS_FORMS) has a wrong e-mail address: refused with messages, nothing saved.
  "features/studio/routes/settings.tsx": () => ({ status: 400, type: HTML }),
  // Studio: home slides, About Us and School: a form without a title (or an intent) is refused with its messages.
  "features/studio/routes/slides.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/slide-new.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/slide.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/about-page.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/school-page.tsx": () => ({ status: 400, type: HTML }),
  // Studio: news. Save without a title: the form again with its messages.
  "features/studio/routes/news-new.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/news-item.tsx": () => ({ status: 400, type: HTML }),
  // Studio: member mailings (docs/requirements.md §13). A new one without a subject: the form again with its message; the
  // sample mailing does not exist; its report's one button is the accountants' (editors go to their home).
  "features/mailings/routes/studio-mailing-new.tsx": () => ({ status: 400, type: HTML }),
  "features/mailings/routes/studio-mailing.tsx": () => ({ status: 404, type: HTML }),
  "features/mailings/routes/studio-mailing-report.tsx": (actor) => (actor === "accountant" ? { status: 404, type: HTML } : toHome(actor)),
  // Studio: galleries (a form without its fields: the form's reply)
  "features/studio/routes/galleries.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/gallery.tsx": () => ({ status: 400, type: HTML }),
  // One photo a post: without a photo (or an intent), a JSON refusal.
  "features/studio/routes/gallery-photos-upload.tsx": () => ({ status: 400, type: "application/json" }),

  // Studio: event calendar, office bearers and documents: a form with nothing to act on is answered with its messages.
  "features/studio/routes/calendar.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/calendar-entry.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/office-bearers.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/office-bearer.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/previous-team.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/documents.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/document.tsx": () => ({ status: 400, type: HTML }),
  // The preview draws what was posted (an empty form too) and stores nothing (docs/requirements.md §7.6).
  "features/studio/routes/preview.tsx": () => ({ status: 200, type: HTML }),

  // Studio: the home page's booking button. The harmless form's link (HARMLESS_FORMS) is one a browser would run: refused with its message, nothing saved.
  "features/studio/routes/upcoming-event.tsx": () => ({ status: 400, type: HTML }),
  // Studio: events. A list post without an intent, and an event form without its title (or ticket type): refused with their messages.
  "features/studio/routes/events.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/event-new.tsx": () => ({ status: 400, type: HTML }),
  "features/studio/routes/event.tsx": () => ({ status: 400, type: HTML }),
  // Contact inbox (docs/requirements.md §6.13): a form without its intent is refused with its messages, before the message is looked up.
  "features/office/routes/message.tsx": () => ({ status: 400, type: HTML }),

  // Members' own account (docs/requirements.md §2.8): a form without its fields is answered with its messages; an unknown link is not found.
  "features/membership/routes/change-password.tsx": () => ({ status: 400, type: HTML }),
  "features/membership/routes/change-email.tsx": () => ({ status: 400, type: HTML }),
  "features/membership/routes/confirm-email-change.tsx": () => ({ status: 404, type: HTML }),
  // Signed-in devices (ADR 70): a post without its intent signs nothing out.
  "features/account-security/routes/account-security.tsx": () => ({ status: 400, type: HTML }),

  // Members' data rights (docs/requirements.md §8): erasing an unknown member is not found.
  "features/data-rights/routes/member-erase.tsx": () => ({ status: 404, type: HTML }),
  // Offline payments and tickets at the desk (docs/requirements.md §4.9, §5.9): a form not made for the payment due now records nothing (409);
  // the desk without a member is answered with its message.
  "features/payments/routes/record-payment.tsx": () => ({ status: 409, type: HTML }),
  "features/door/routes/ticket-desk.tsx": () => ({ status: 400, type: HTML }),
  // Refunds (docs/requirements.md §4.10): a form without its fields is answered with its messages, nothing refunded.
  "features/payments/routes/refund.tsx": () => ({ status: 400, type: HTML }),
  // A receipt sent again (docs/requirements.md §4.11): sent to the demo Family member, back to their member page.
  "features/payments/routes/resend-receipt.tsx": () => ({ status: 302, location: `/accounts/members/${DEMO.member}` }),
  // Members & receipts (docs/requirements.md §6.5, §6.6, §4.11): an empty correction or rejection is answered with its messages, nothing changed.
  "features/office/routes/member-edit.tsx": () => ({ status: 400, type: HTML }),
  "features/office/routes/member-reject.tsx": () => ({ status: 400, type: HTML }),
  // Two-step verification (ADR 71): a post without its intent, setting or reason is answered with its message, nothing changed;
  // the second step's post, like its page, is only for a session waiting for it.
  "features/two-step/routes/set-up.tsx": () => ({ status: 400, type: HTML }),
  "features/two-step/routes/staff-setting.tsx": () => ({ status: 400, type: HTML }),
  "features/two-step/routes/member-reset.tsx": () => ({ status: 400, type: HTML }),
  "features/two-step/routes/second-step.tsx": (actor) => (SIGNED_IN.has(actor) ? toHome(actor) : { status: 302, location: "/login" }),
  // Gift Aid declarations (docs/requirements.md §14): a post without its intent, date or box is answered with its messages, nothing recorded.
  "features/gift-aid/routes/my-declaration.tsx": () => ({ status: 400, type: HTML }),
  "features/gift-aid/routes/paper-declaration.tsx": () => ({ status: 400, type: HTML }),
  // Gift Aid claims (docs/requirements.md §14): a post without an intent is refused with its message (a
  // past claim's too, before its id is looked up); an unknown declaration is the same 404 as its page;
  // the settings' harmless form has a bad reference.
  "features/gift-aid/routes/claim.tsx": () => ({ status: 400, type: HTML }),
  "features/gift-aid/routes/past-claim.tsx": () => ({ status: 400, type: HTML }),
  "features/gift-aid/routes/declaration.tsx": () => ({ status: 404, type: HTML }),
  "features/gift-aid/routes/settings.tsx": () => ({ status: 400, type: HTML }),
};

function expectedGet(file: string, entry: RouteEntry, actor: Actor): Answer {
  const exception = GET_EXCEPTIONS[file]?.(actor);
  if (exception) return exception;
  if (!entry.methods.includes("GET")) throw new Error(`${file}: what does a GET get? Add it to GET_EXCEPTIONS`);
  return byAccessClass(entry, actor);
}

function expectedPost(file: string, entry: RouteEntry, actor: Actor): Cell {
  // Remix answers a post to a route without an action with 405, before any loader runs.
  if (!entry.methods.includes("POST")) return { status: 405 };
  const guarded = entry.access === "member" || entry.access === "editor" || entry.access === "door" || entry.access === "accountant";
  if (guarded && !canSee(entry, actor)) return byAccessClass(entry, actor);
  const admitted = ADMITTED_POST[file];
  if (!admitted) throw new Error(`${file}: add what an admitted post gets to ADMITTED_POST`);
  return admitted(actor);
}

/** A form that would change the demo if the guard let a refused actor through. */
const ATTACK: Record<string, Record<string, string>> = {
  "features/office/routes/members.tsx": { do: `grant:${DEMO.member}`, confirmed: "1" },
  "features/office/routes/deleted-members.tsx": { do: `delete:${DEMO.otherMember}`, confirmed: "1" },
  // The member page's Danger button, answered Yes: the check below finds the demo Family member still a member.
  "features/office/routes/member.tsx": { do: `grant:${DEMO.member}`, confirmed: "1" },
  "features/payments/routes/pending-payments.tsx": { id: DEMO.memberRenewal },
  "features/office/routes/renewals-report.tsx": { intent: "notify", confirmed: "1" },
  "features/door/routes/scanner.tsx": { code: "XMAS7K2P", person: "adult-1" },
  "features/membership/routes/amend-account.tsx": {
    fullName: "Changed By Matrix",
    title: "Mr",
    address: "1 Changed Road",
    city: "Manchester",
    postcode: "M1 1AA",
    mobile: "07700900999",
  },
  "features/tickets/routes/book-ticket.tsx": { numberOfAdults: "1", adultName1: "Matrix Guest" },
  "features/membership/routes/my-account.tsx": {},

  // Studio: site settings: a complete, valid form.
  "features/studio/routes/settings.tsx": {
    primaryContactNumber: "0000 MATRIX",
    singleRegFee: "1.00",
    singleRenewFee: "1.00",
    familyRegFee: "1.00",
    familyRenewFee: "1.00",
    freeSubscriptionAfterMonth: "12",
  },
  // Studio: home slides, About Us and School
  "features/studio/routes/slides.tsx": { intent: "remove", id: seedId(ID_SPACE.slide, 1), confirmed: "1" },
  "features/studio/routes/slide-new.tsx": { title: "Added By Matrix" },
  "features/studio/routes/slide.tsx": { title: "Changed By Matrix" },
  "features/studio/routes/about-page.tsx": { title: "Changed By Matrix" },
  "features/studio/routes/school-page.tsx": { title: "Changed By Matrix" },
  // Studio: news
  "features/studio/routes/news-new.tsx": { title: "Matrix news", date: "2026-11-20", content: "<p>Matrix</p>", intent: "publish" },
  "features/studio/routes/news-item.tsx": { intent: "delete", confirmed: "1" },

  // Studio: event calendar, office bearers and documents
  "features/studio/routes/calendar.tsx": { intent: "remove", id: seedId(ID_SPACE.event, 1), confirmed: "1" },
  "features/studio/routes/office-bearers.tsx": { intent: "move-team", year: "2026", confirmed: "1" },
  "features/studio/routes/documents.tsx": { intent: "remove", id: DEMO.document, confirmed: "1" },

  // Studio: the home page's booking button, and the events: complete, valid forms and a confirmed cancellation.
  "features/studio/routes/upcoming-event.tsx": { buttonText: "Changed By Matrix", bookingLink: "/book-ticket" },
  "features/studio/routes/events.tsx": { intent: "cancel", id: DEMO.event, confirmed: "1" },
  "features/studio/routes/event-new.tsx": {
    title: "Added By Matrix",
    ticketType: "Other",
    ticketPattern: "A",
    lastBookingDate: "2026-12-20",
    singlePrice: "1.00",
    singlePriceId: "price_matrix",
    familyPrice: "1.00",
    familyPriceId: "price_matrix",
  },
  "features/studio/routes/event.tsx": { title: "Changed By Matrix", published: "on", ticketType: "Other", ticketPattern: "A" },

  // Members' own account (docs/requirements.md §2.8)
  "features/membership/routes/change-password.tsx": { currentPassword: "matrix", password: "changed-by-matrix", confirmPassword: "changed-by-matrix" },
  "features/membership/routes/change-email.tsx": { email: "changed-by-matrix@example.com", currentPassword: "matrix" },

  // Offline payments and tickets at the desk (docs/requirements.md §4.9, §5.9)
  "features/payments/routes/record-payment.tsx": { kind: "renewal", method: "cash", paidOn: "2026-01-02", amount: "10.00" },
  "features/door/routes/ticket-desk.tsx": { member: DEMO.member, numberOfAdults: "1", adultName1: "Matrix Guest", pay: "cash" },
  // Refunds (docs/requirements.md §4.10): a confirmed refund of the demo Family's renewal, undoing it.
  "features/payments/routes/refund.tsx": { refundId: "abcdefabcdefabcdefabcdef", amount: "1.00", reason: "Matrix", membership: "undone", confirmed: "1" },
  // Members & receipts (docs/requirements.md §6.5, §6.6, §4.11): a complete correction of the applicant, and a rejection with its reason.
  "features/office/routes/member-edit.tsx": {
    email: "changed-by-matrix@example.com",
    status: "active",
    registrationPaid: "paid",
    title: "Mr",
    fullName: "Changed By Matrix",
    address: "1 Changed Road",
    city: "Manchester",
    postcode: "M1 1AA",
    mobile: "07700900999",
    membership: "Single",
  },
  "features/office/routes/member-reject.tsx": { reason: "Rejected by the matrix" },
  // Gift Aid declarations (docs/requirements.md §14): a paper declaration for the demo Single member, dated in the past.
  "features/gift-aid/routes/paper-declaration.tsx": { givenOn: "2026-01-02", declare: "on" },
};
const HARMLESS = { matrix: "1" };
/**
 * Admitted posts whose harmless form is their own. The editor's Site settings form has only
 * content fields, none required, so an empty form would save them empty: a wrong e-mail
 * address is refused with its message instead, for the editor and the accountant alike.
 * Which fields of that form each role may set is access-matrix-fields.test.ts's matrix.
 */
const HARMLESS_FORMS: Record<string, Record<string, string>> = {
  "features/studio/routes/settings.tsx": { ...HARMLESS, primaryContactEmail: "not an address" },
  // The button's text and link are optional: an empty form would save them empty.
  "features/studio/routes/upcoming-event.tsx": { ...HARMLESS, bookingLink: "javascript:alert(1)" },
  // Every field of the Gift Aid settings is optional: an empty form would make no payment eligible.
  "features/gift-aid/routes/settings.tsx": { renew: "on", charityReference: "not a reference!" },
};

const cookies = {} as Record<Actor, string | undefined>;
const ACTOR_IDS: Record<Actor, string | null> = {
  visitor: null,
  applicant: DEMO.applicant,
  member: DEMO.member,
  otherMember: DEMO.otherMember,
  editor: DEMO.editor,
  steward: DEMO.steward,
  accountant: DEMO.accountant,
};

beforeAll(async () => {
  for (const actor of ACTORS) {
    const id = ACTOR_IDS[actor];
    cookies[actor] = id ? await sessionCookieFor(id) : undefined;
  }
});

const base = () => inject("baseURL");

/** Methods sent besides GET: what Remix passes to an action. */
type Write = "POST" | "PUT" | "PATCH" | "DELETE";
const writesTo = (entry: RouteEntry): Write[] => (entry.methods.includes("POST") ? ["POST", "PUT", "PATCH", "DELETE"] : ["POST"]);

async function send(method: Method | Write, path: string, actor: Actor, form?: Record<string, string>) {
  // /logout revokes the session it is sent with (ADR 7): it gets one of its own, so the actor stays signed in.
  const id = ACTOR_IDS[actor];
  const cookie = path === "/logout" && id ? await sessionCookieFor(id) : cookies[actor];
  // Every request, reads too, carries our own Origin.
  const response = await client(base(), { cookie, origin: base() }).request(method, path, { fields: method === "GET" ? undefined : (form ?? HARMLESS) });
  await response.arrayBuffer();
  return response;
}

function observed(response: Response, want: Answer): Answer {
  return {
    status: response.status,
    ...(want.location !== undefined && { location: response.headers.get("Location") ?? "(none)" }),
    ...(want.type !== undefined && { type: (response.headers.get("Content-Type") ?? "(none)").slice(0, want.type.length) }),
  };
}

let cells = 0;

describe("access matrix: every route × method × actor", () => {
  for (const [file, entry] of Object.entries(ROUTES)) {
    for (const method of ["GET" as const, ...writesTo(entry)]) {
      it(`${method} ${entry.path} (${file}, ${entry.access})`, async () => {
        const results = await Promise.all(
          ACTORS.map(async (actor) => {
            const want = method === "GET" ? expectedGet(file, entry, actor) : expectedPost(file, entry, actor);
            if ("skip" in want) return null;
            const refused = want.status === 302 && (Object.values(ACTOR_HOMES).includes(want.location ?? "") || want.location?.startsWith("/login?"));
            const form = method === "GET" ? undefined : refused && entry.access !== "public" ? ATTACK[file] : HARMLESS_FORMS[file];
            const response = await send(method, entry.path, actor, form);
            return { actor, want, got: observed(response, want) };
          }),
        );
        for (const result of results) {
          if (!result) continue;
          cells += 1;
          expect(result.got, `${method} ${entry.path} as ${result.actor}`).toEqual(result.want);
          expect(result.got.status, "never a 5xx, except the unconfigured webhook").toBeLessThan(entry.resource === "webhook" ? 504 : 500);
        }
      });
    }
  }

  it("the refused posts changed nothing", async () => {
    // The demo Family member was not made an accountant ...
    expect(observed(await send("GET", "/accounts", "member"), TO_ACCOUNT)).toEqual(TO_ACCOUNT);
    // ... the Single member was not deleted (a deleted member's session no longer signs in) ...
    expect((await send("GET", "/mem-account", "otherMember")).status).toBe(200);
    // ... and the applicant's record keeps its name.
    const sheet = await fetch(`${base()}/member-details/${DEMO.applicant}`, { headers: { Cookie: cookies.accountant! } });
    const html = await sheet.text();
    expect(html).toContain("Kiran Das");
    expect(html).not.toContain("Changed By Matrix");
    console.info(`access matrix: ${cells} cells`);
  });

  // Refunds (docs/requirements.md §4.10)
  it("the refused refund posts refunded nothing", async () => {
    const page = await fetch(`${base()}/accounts/transactions/${DEMO.memberRenewal}/refund`, { headers: { Cookie: cookies.accountant! } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).not.toContain("Matrix");
    expect(html).toContain("Refunded so far");
  });

  // Members & receipts (docs/requirements.md §6.5, §6.6, §4.11)
  it("the refused correction and rejection changed nothing: the applicant is still in the members list", async () => {
    const list = await fetch(`${base()}/accounts?q=Kiran`, { headers: { Cookie: cookies.accountant! } });
    expect(await list.text()).toContain("Kiran Das");
  });

  // Studio: site settings
  it("the refused settings posts changed nothing", async () => {
    const contact = await (await fetch(`${base()}/contact`)).text();
    expect(contact).not.toContain("0000 MATRIX");
  });
});
