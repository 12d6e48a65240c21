/** The calendar entry form's limits and messages, without zod: the studio page's JavaScript uses them (calendar-entry-form.ts parses, on the server). */

export const CALENDAR_LIMITS = { month: 20, date: 20, name: 200, url: 500 } as const;
export type CalendarField = keyof typeof CALENDAR_LIMITS;

export const CALENDAR_MESSAGES = {
  month: "Please enter the month, for example JAN or January",
  date: "Please enter the day of the month, for example 14",
  name: "Please enter the event's name",
  url: "Please enter a page of this site (starting with /) or a full web address (starting with https://)",
} as const;
