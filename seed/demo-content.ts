import type { CalendarEvent, DocumentRecord, Gallery, HomeSlide, InfoPage, MediaRef, NewsItem, OfficeBearer, PreviousTeam } from "~/kernel/store/records";
import { DEFAULT_POSTAL_ADDRESS } from "~/kernel/store/postal-address";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { RETENTION_DEFAULTS } from "~/kernel/store/retention-defaults";
import { ID_SPACE, seedId } from "./ids";

/**
 * The demo content of the embedded default: our own words and our own generated
 * images (public/demo, made by scripts/generate-demo-assets.mjs). Dates are
 * relative to `now`, so the demo always looks current; for one day it is identical.
 */

const DAY = 24 * 60 * 60;

const image = (path: string, width: number, height: number, alt: string): MediaRef => ({ path, width, height, alt });

export function demoSettings(year: number): SiteSettings {
  return {
    primaryContactNumber: "+44 161 496 0000",
    primaryContactEmail: "info@example.org",
    postalAddress: DEFAULT_POSTAL_ADDRESS,
    socialLinks: [
      { label: "Facebook", url: "https://www.facebook.com/" },
      { label: "YouTube", url: "https://www.youtube.com/" },
    ],
    upcomingEvent: {
      image: image("/demo/event/upcoming.svg", 1200, 800, "Families celebrating at last year's Christmas party"),
      title: `Christmas & New Year Celebration ${year}`,
      descriptionHtml:
        "<p>Join us for an evening of carols, dance, a shared dinner and a visit from Father Christmas.</p>" +
        "<p><strong>Members only.</strong> Book your household's tickets before the closing date.</p>",
      bookingLink: "/book-ticket",
      buttonText: "Book Tickets",
      videoTitle: "Highlights from last year",
      video: image("/demo/event/highlights.webm", 640, 360, "Highlights from last year's celebration"),
      // A week after bookings close (tickets.lastBookingDate).
      date: `${year}-12-27`,
      startTime: "18:00",
      venue: "Mosaic Community Hall, 12 Church Road, Manchester M20 2AB",
      capacity: 250,
    },
    latestOfficeBearersTitle: `Office Bearers ${year}–${String(year + 1).slice(2)}`,
    membership: {
      registrationDisabled: false,
      disabledMessageHtml:
        '<p>Membership registration is closed for the rest of the year. Please contact us at <a href="mailto:info@example.org">info@example.org</a>.</p>',
      familyRenewFee: 2000,
      familyRenewProduct: "price_demo_family_renew",
      familyRegFee: 2000,
      familyRegProduct: "price_demo_family_reg",
      familyOnlyRegProduct: "price_demo_family_reg_only",
      singleRenewFee: 1000,
      singleRenewProduct: "price_demo_single_renew",
      singleRegFee: 1000,
      singleRegProduct: "price_demo_single_reg",
      singleOnlyRegProduct: "price_demo_single_reg_only",
      freeSubscriptionAfterMonth: 9,
    },
    tickets: {
      type: "Christmas",
      pattern: "A+13+5-5+P",
      title: `Christmas & New Year Celebration ${year}`,
      lastBookingDate: `${year}-12-20`,
      familyPrice: 2500,
      familyPriceId: "price_demo_ticket_family",
      singlePrice: 1500,
      singlePriceId: "price_demo_ticket_single",
      christmasAdultPrice: 1200,
      christmasAdultPriceId: "price_demo_xmas_adult",
      christmasAbove13Price: 800,
      christmasAbove13PriceId: "price_demo_xmas_above13",
      christmasKidsPrice: 500,
      christmasKidsPriceId: "price_demo_xmas_kids",
    },
    // Automatic work (docs/requirements.md §10.2): the renewal reminders the daily run sends.
    renewalReminderStages: ["09-01", "10-01", "11-01"],
    // Members' data rights (docs/requirements.md §8.1): the defaults.
    retention: { ...RETENTION_DEFAULTS },
    // New applications (docs/requirements.md §3.3): every accountant hears of them.
    newApplicationsEmail: "",
    // Donations (docs/requirements.md §14): the editor's words on /donate.
    donatePageHtml:
      "<p>Every gift helps us keep the Malayalam school and the community events going. If you pay UK tax, tick the Gift Aid box: HMRC adds 25p to every £1.</p>",
  };
}

export const demoPages: Record<"aboutUs" | "aboutSchool", InfoPage> = {
  aboutUs: {
    image: image("/demo/pages/about.svg", 800, 600, "Members of the association at a summer gathering"),
    youtubeVideoId: "aqz-KE-bpKQ",
    preTitle: "ABOUT US",
    title: "A home from home in Greater Manchester",
    descriptionHtml:
      "<p>The Manchester Mosaic Association brings together families who have made Greater Manchester their home. " +
      "Since our founding we have organised cultural celebrations, sports days, picnics and support for newcomers.</p>" +
      "<p>We are run entirely by volunteers elected by our members each year.</p>",
    description2Html:
      "<p>Membership is open to every household living in the Greater Manchester area. Members vote at the annual general meeting and book tickets for our events.</p>",
  },
  aboutSchool: {
    image: image("/demo/pages/school.svg", 800, 600, "Children learning together at the Saturday school"),
    youtubeVideoId: "aqz-KE-bpKQ",
    preTitle: "OUR SCHOOL",
    title: "Saturday school for language, music and dance",
    descriptionHtml:
      "<p>Our Saturday school meets during term time at the education village. Volunteer teachers run classes in our mother tongue, music and classical dance for children aged 5 to 16.</p>",
    description2Html: "<p>New pupils are welcome at the start of each term. Ask at the school office for a place.</p>",
  },
};

export function demoSlides(now: number): HomeSlide[] {
  const texts = [
    ["WELCOME", "Together in Manchester", "Culture, friendship and support for every family in our community."],
    ["OUR SCHOOL", "Learning every Saturday", "Language, music and dance classes run by volunteer teachers."],
    ["EVENTS", "Celebrate with us", "Festivals, sports days and picnics all through the year."],
  ] as const;
  return texts.map(([smallText, title, description], i) => ({
    id: seedId(ID_SPACE.slide, i + 1),
    bannerImage: image(`/demo/slides/slide-${i + 1}.svg`, 1920, 800, ""),
    smallText,
    title,
    description,
    createdAt: now - (300 - i) * DAY,
  }));
}

export function demoOfficeBearers(): OfficeBearer[] {
  const people = [
    ["Anita Varghese", "President"],
    ["Thomas Mathew", "Vice President"],
    ["Priya Nair", "Secretary"],
    ["Joseph Kurian", "Joint Secretary"],
    ["Deepa Menon", "Treasurer"],
    ["Rahul Pillai", "Arts Secretary"],
    ["Sneha George", "Sports Secretary"],
    ["Vinod Thomas", "School Coordinator"],
  ] as const;
  return people.map(([name, role], i) => ({
    id: seedId(ID_SPACE.bearer, i + 1),
    name,
    role,
    photo: image(`/demo/office-bearers/bearer-${i + 1}.svg`, 400, 400, `Portrait of ${name}`),
    order: i + 1,
  }));
}

export function demoPreviousTeams(now: number, year: number): PreviousTeam[] {
  return [1, 2, 3].map((back) => {
    const from = year - back;
    return {
      id: seedId(ID_SPACE.team, back),
      title: `Office Bearers ${from}–${String(from + 1).slice(2)}`,
      contentHtml:
        `<ul><li>President: Team member ${back}A</li><li>Secretary: Team member ${back}B</li>` +
        `<li>Treasurer: Team member ${back}C</li><li>Arts Secretary: Team member ${back}D</li></ul>`,
      createdAt: now - back * 365 * DAY,
    };
  });
}

export function demoEvents(now: number, year: number): CalendarEvent[] {
  const events = [
    ["JAN", "14", "Harvest Festival Lunch"],
    ["MAR", "08", "International Women's Day Talk"],
    ["APR", "14", "New Year Celebration"],
    ["JUN", "21", "Sports Day at Platt Fields"],
    ["AUG", "30", "Onam Festival"],
    // Not the Christmas celebration: a bookable event is an event record (seed/demo.ts), and
    // the calendar keeps only what is not booked on the site (docs/requirements.md §1.6).
    ["NOV", "21", "Annual General Meeting"],
  ] as const;
  return events.map(([month, date, name], i) => ({
    id: seedId(ID_SPACE.event, i + 1),
    month,
    date,
    name: `${name} ${year}`,
    url: "/blog",
    createdAt: now - (200 - i) * DAY,
  }));
}

const PHOTO_SIZES: Record<number, [number, number]> = {
  1: [1200, 800],
  2: [800, 1200],
  3: [1200, 800],
  4: [1000, 1000],
  5: [1200, 800],
  6: [800, 1200],
};

export function demoGalleries(now: number, year: number): Gallery[] {
  const galleries = [
    ["Annual Day Celebration", 6],
    ["School Sports Day", 5],
    ["Community Picnic", 4],
    ["Cultural Festival", 6],
  ] as const;
  return galleries.map(([title, count], g) => {
    const images = Array.from({ length: count }, (_, p) => {
      const [width, height] = PHOTO_SIZES[p + 1]!;
      return image(`/demo/galleries/g${g + 1}/photo-${p + 1}.svg`, width, height, `${title}, photo ${p + 1}`);
    });
    return {
      id: seedId(ID_SPACE.gallery, g + 1),
      title: `${title} ${year - (g % 2)}`,
      featuredImage: images[0]!,
      images,
      order: g + 1,
      createdAt: now - (100 - g) * DAY,
    };
  });
}

const NEWS_TITLES = [
  "Registration open for the Saturday school",
  "Sports day results and thank you",
  "Annual general meeting: minutes published",
  "Volunteers needed for the Christmas party",
  "Our youth team wins the city quiz",
  "New classes: classical dance for beginners",
  "Summer picnic photos are online",
  "Welcome to our new office bearers",
  "Charity walk raises funds for the food bank",
  "Festival celebrations draw a record crowd",
  "Gift Aid: help us claim back tax at no cost to you",
  "Christmas party tickets now on sale",
];

export function demoNews(now: number): NewsItem[] {
  const published = NEWS_TITLES.map((title, i) => ({
    id: seedId(ID_SPACE.news, i + 1),
    title,
    excerptHtml: `<p>${title}. Read the full story from the association's committee.</p>`,
    contentHtml:
      `<p>${title}. Our volunteers have been busy, and we want every member to hear about it.</p>` +
      "<p>Thank you to everyone who took part. If you would like to help with the next event, please " +
      '<a href="/contact">contact us</a>.</p><ul><li>Open to all members</li><li>Families welcome</li></ul>',
    image: image(`/demo/news/news-${i + 1}.svg`, 1200, 750, ""),
    published: true,
    createdAt: now - (12 - i) * 9 * DAY,
  }));
  const draft: NewsItem = {
    id: seedId(ID_SPACE.news, 99),
    title: "Draft: not yet published",
    excerptHtml: "<p>This draft must never appear on the site.</p>",
    contentHtml: "<p>Draft content.</p>",
    image: null,
    published: false,
    createdAt: now - DAY,
  };
  return [...published, draft];
}

export function demoDocuments(now: number): DocumentRecord[] {
  const documents = [
    ["Association Constitution", "constitution.pdf"],
    ["Annual Report 2025", "annual-report-2025.pdf"],
    ["Membership Handbook", "membership-handbook.pdf"],
  ] as const;
  return documents.map(([title, file], i) => ({
    id: seedId(ID_SPACE.document, i + 1),
    title,
    file: { path: `/documents/${file}` },
    createdAt: now - (30 - i) * DAY,
  }));
}
