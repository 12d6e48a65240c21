import { describe, expect, it } from "vitest";
import { buildDemo } from "../../../../seed/demo";
import {
  CLOSED_BOOKING_DATE,
  documentFromCockpit,
  documentToCockpit,
  eventFromCockpit,
  eventToCockpit,
  galleryFromCockpit,
  galleryToCockpit,
  isEmptySingleton,
  isoDate,
  startTime,
  newsFromCockpit,
  newsToCockpit,
  officeBearerFromCockpit,
  officeBearerToCockpit,
  pageFromCockpit,
  pageToCockpit,
  previousTeamFromCockpit,
  previousTeamToCockpit,
  settingsFromCockpit,
  settingsToCockpit,
  slideFromCockpit,
  slideToCockpit,
} from "~/kernel/store/cockpit/shapes-content";
import { bool, media, num, penceFromPounds, seconds, text } from "~/kernel/store/cockpit/shapes-loose";
import { siteSettingsSchema } from "~/kernel/store/site-settings";

const demo = await buildDemo(new Date("2026-11-21T12:00:00Z"));
const ID = "5f1a2b3c4d5e6f7a8b9c0d1e";
const CMS = "https://cms.example.org";

describe("Cockpit content shapes: round trips of the demo content", () => {
  it("keeps every record through toCockpit and back", () => {
    for (const s of demo.slides) expect(slideFromCockpit(slideToCockpit(s))).toEqual(s);
    for (const o of demo.officeBearers) expect(officeBearerFromCockpit(officeBearerToCockpit(o, 100))).toEqual(o);
    for (const p of demo.previousTeams) expect(previousTeamFromCockpit(previousTeamToCockpit(p))).toEqual(p);
    for (const e of demo.events) expect(eventFromCockpit(eventToCockpit(e))).toEqual(e);
    for (const g of demo.galleries) expect(galleryFromCockpit(galleryToCockpit(g))).toEqual(g);
    for (const n of demo.news) expect(newsFromCockpit(newsToCockpit(n))).toEqual(n);
    for (const d of demo.documents) expect(documentFromCockpit(documentToCockpit(d))).toEqual(d);
    expect(pageFromCockpit(pageToCockpit(demo.pages.aboutUs))).toEqual(demo.pages.aboutUs);
    expect(pageFromCockpit(pageToCockpit(demo.pages.aboutSchool))).toEqual(demo.pages.aboutSchool);
    expect(settingsFromCockpit(settingsToCockpit(demo.settings))).toEqual(demo.settings);
  });

  it("writes the old site's field names, money in pounds and images as {path, meta}", () => {
    const general = settingsToCockpit(demo.settings);
    expect(general).toMatchObject({
      PrimaryContactNumber: "+44 161 496 0000",
      UpComingEventTicketLastBookingDate: "2026-12-20",
      christmasAdultsTicketPrice: 12,
      christmasAdultsTicketStipeId: "price_demo_xmas_adult",
      christmasAbove13TicketPrice: 8,
      familyMembershipRegFee: 20,
      singleMembershipRenewFee: 10,
      disableMembershipReg: false,
      latestOfficeBearesTitle: demo.settings.latestOfficeBearersTitle,
      ticketPattern: "A+13+5-5+P",
      UpComingEventImage: { path: "/demo/event/upcoming.svg", meta: { width: 1200, height: 800 } },
    });
    const slide = slideToCockpit(demo.slides[0]!);
    expect(Object.keys(slide).sort()).toEqual(["BannerImage", "Description", "SmallText", "Title", "_created", "_id", "_modified"]);
    expect(eventToCockpit(demo.events[0]!)).toMatchObject({ Month: "JAN", Date: "14" });
    expect(documentToCockpit(demo.documents[0]!)).toMatchObject({ title: "Association Constitution", document: "/documents/constitution.pdf" });
  });
});

describe("Cockpit content shapes: what editors and Cockpit leave behind", () => {
  it("reads image fields, asset fields and plain paths, absolute with CMS_ASSETS_URL", () => {
    expect(media({ path: "/storage/uploads/2024/01/a.jpg", meta: { title: "A hall" } }, CMS)).toEqual({
      path: `${CMS}/storage/uploads/2024/01/a.jpg`,
      alt: "A hall",
    });
    expect(media({ path: "/2024/01/31/report_uid_1.pdf", mime: "application/pdf", title: "Report" }, `${CMS}/`)).toEqual({
      path: `${CMS}/storage/uploads/2024/01/31/report_uid_1.pdf`,
      alt: "Report",
    });
    expect(media("/storage/uploads/x.png")).toEqual({ path: "/storage/uploads/x.png" });
    expect(media({ path: "https://img.example.net/x.png", meta: { width: "640", height: 0 } }, CMS)).toEqual({
      path: "https://img.example.net/x.png",
      width: 640,
    });
    for (const missing of [null, undefined, "", { path: "" }, { path: null }, { meta: {} }, 5, { path: "javascript:alert(1)" }]) {
      expect(media(missing, CMS)).toBeNull();
    }
  });

  it("reads loose booleans, numbers, money and times", () => {
    for (const yes of [true, 1, "1", "true", "TRUE", " yes ", "on"]) expect(bool(yes)).toBe(true);
    for (const no of [false, 0, "0", "false", "", null, undefined, 2, "no", {}]) expect(bool(no)).toBe(false);
    expect(num("3")).toBe(3);
    expect(num(" 2.5 ")).toBe(2.5);
    expect(num("x", 7)).toBe(7);
    expect(num(null, 9)).toBe(9);
    expect(num(Number.NaN, 1)).toBe(1);
    expect(penceFromPounds(12.5)).toBe(1250);
    expect(penceFromPounds("£1,012.34")).toBe(101234);
    expect(penceFromPounds(0.1 + 0.2)).toBe(30);
    expect(penceFromPounds(null)).toBe(0);
    expect(penceFromPounds(-5)).toBe(0);
    expect(seconds(1700000000)).toBe(1700000000);
    expect(seconds("1700000000")).toBe(1700000000);
    expect(seconds(1700000000.9)).toBe(1700000000);
    expect(seconds("2023-11-14T22:13:20Z")).toBe(1700000000);
    expect(seconds(null)).toBe(0);
    expect(text(null)).toBe("");
    expect(text(42)).toBe("42");
    expect(text({ a: 1 })).toBe("");
  });

  it("maps entries with missing fields to empty values, never undefined", () => {
    const bare = { _id: ID };
    expect(slideFromCockpit(bare)).toEqual({ id: ID, bannerImage: { path: "" }, smallText: "", title: "", description: "", createdAt: 0 });
    expect(officeBearerFromCockpit({ ...bare, order: "3", photo: null })).toEqual({ id: ID, name: "", role: "", photo: null, order: 3 });
    expect(
      galleryFromCockpit({ ...bare, images: [{ path: "/storage/uploads/1.jpg" }, null, { value: { path: "/storage/uploads/2.jpg" } }] }, CMS).images,
    ).toEqual([{ path: `${CMS}/storage/uploads/1.jpg` }, { path: `${CMS}/storage/uploads/2.jpg` }]);
    expect(galleryFromCockpit({ ...bare, images: "nope" }).images).toEqual([]);
    expect(newsFromCockpit({ ...bare, published: "1", _created: "1700000000" as unknown as number, image: "" })).toMatchObject({
      published: true,
      createdAt: 1700000000,
      image: null,
      excerptHtml: "",
    });
    expect(documentFromCockpit({ ...bare, title: "Rules", file: { path: "/storage/uploads/r.pdf" } }, CMS).file.path).toBe(`${CMS}/storage/uploads/r.pdf`);
  });

  it("reads a page singleton, and a never-saved one as missing", () => {
    expect(pageFromCockpit({ Image: null, YoutubeVideoId: null, preTitle: null, Title: null, Description: null, Description2: null })).toBeNull();
    expect(pageFromCockpit(null)).toBeNull();
    expect(pageFromCockpit({ Title: "About", Description: "<p>Hi</p>", Image: { path: "/storage/uploads/a.jpg" } }, CMS)).toEqual({
      image: { path: `${CMS}/storage/uploads/a.jpg` },
      youtubeVideoId: "",
      preTitle: "",
      title: "About",
      descriptionHtml: "<p>Hi</p>",
      description2Html: "",
    });
  });
});

describe("Cockpit content shapes: the general singleton", () => {
  it("knows a singleton never saved", () => {
    expect(isEmptySingleton({ PrimaryContactNumber: null, ticketType: null, _by: "x" })).toBe(true);
    expect(isEmptySingleton({})).toBe(true);
    expect(isEmptySingleton("nope")).toBe(true);
    expect(isEmptySingleton({ PrimaryContactNumber: "0161" })).toBe(false);
  });

  it("gives clear defaults for fields left empty: booking closed, free subscription never", () => {
    const settings = settingsFromCockpit({ PrimaryContactNumber: "0161 000" });
    expect(siteSettingsSchema.parse(settings)).toEqual(settings);
    expect(settings.tickets).toMatchObject({ type: "Other", pattern: "A", lastBookingDate: CLOSED_BOOKING_DATE, familyPrice: 0, familyPriceId: "" });
    expect(settings.membership).toMatchObject({ registrationDisabled: false, freeSubscriptionAfterMonth: 12, singleRegFee: 0 });
    expect(settings.socialLinks).toEqual([]);
    expect(settings.upcomingEvent.image).toBeNull();
  });

  it("reads legacy and loose values", () => {
    const settings = settingsFromCockpit(
      {
        ticketType: "christmas",
        ticketPattern: "A + 13 + P",
        UpComingEventTicketLastBookingDate: "2026-12-20 18:00",
        christmasKidsTicketPrice: "5",
        UpComingEventFamilyTicketPrice: "25.00",
        disableMembershipReg: "1",
        freeSubscriptionAfterMonth: "9",
        socialLinks: [
          { value: { label: "Facebook", url: "https://facebook.com/x" } },
          { label: "", url: "x" },
          { label: "YouTube", url: "https://youtube.com/x" },
        ],
        UpComingEventVideo: { path: "/storage/uploads/v.mp4" },
      },
      CMS,
    );
    expect(settings.tickets).toMatchObject({ type: "Christmas", pattern: "A+13+P", lastBookingDate: "2026-12-20", christmasKidsPrice: 500, familyPrice: 2500 });
    expect(settings.membership).toMatchObject({ registrationDisabled: true, freeSubscriptionAfterMonth: 9 });
    expect(settings.socialLinks).toEqual([
      { label: "Facebook", url: "https://facebook.com/x" },
      { label: "YouTube", url: "https://youtube.com/x" },
    ]);
    expect(settings.upcomingEvent.video).toEqual({ path: `${CMS}/storage/uploads/v.mp4` });
    expect(settingsFromCockpit({ freeSubscriptionAfterMonth: 13, ticketPattern: "B" })).toMatchObject({
      membership: { freeSubscriptionAfterMonth: 12 },
      tickets: { pattern: "A" },
    });
  });

  it("reads the event's date, start time, venue and capacity loosely; left empty: none, and no limit", () => {
    const settings = settingsFromCockpit({
      UpComingEventDate: "27/12/2026",
      UpComingEventStartTime: "6:30",
      UpComingEventVenue: "  Mosaic Hall ",
      UpComingEventCapacity: "250",
    });
    expect(settings.upcomingEvent).toMatchObject({ date: "2026-12-27", startTime: "06:30", venue: "Mosaic Hall", capacity: 250 });
    expect(siteSettingsSchema.parse(settings)).toEqual(settings);
    expect(settingsFromCockpit({ PrimaryContactNumber: "0161" }).upcomingEvent).toMatchObject({ date: "", startTime: "", venue: "", capacity: 0 });
    expect(settingsFromCockpit({ UpComingEventDate: "soon", UpComingEventStartTime: "25:00", UpComingEventCapacity: "lots" }).upcomingEvent).toMatchObject({
      date: "",
      startTime: "",
      capacity: 0,
    });
    expect(settingsFromCockpit({ UpComingEventStartTime: "18:30:00", UpComingEventCapacity: -5 }).upcomingEvent).toMatchObject({
      startTime: "18:30",
      capacity: 0,
    });
    expect(startTime("7:5")).toBe("");
  });

  it("reads booking dates in ISO or UK form, and refuses impossible ones", () => {
    expect(isoDate("2026-12-20")).toBe("2026-12-20");
    expect(isoDate("2026-12-20T00:00:00Z")).toBe("2026-12-20");
    expect(isoDate("20/12/2026")).toBe("2026-12-20");
    expect(isoDate("1/2/2027")).toBe("2027-02-01");
    expect(isoDate("2026-02-30")).toBeNull();
    expect(isoDate("soon")).toBeNull();
    expect(isoDate(null)).toBeNull();
  });
});
