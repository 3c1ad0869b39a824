import { describe, expect, it } from "vitest";
import {
  formatLagosDate,
  formatLagosDateTime,
  formatLagosLong,
  lagosDayEnd,
  lagosDayOf,
  lagosDayStart,
  relativeTime,
} from "./dates.ts";

const NOW = new Date("2025-06-15T12:00:00.000Z");
const before = (ms: number) => new Date(NOW.getTime() - ms);
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe("relativeTime", () => {
  it("says just now under a second, and for a time a little in the future", () => {
    expect(relativeTime(NOW, NOW)).toBe("just now");
    expect(relativeTime(before(999), NOW)).toBe("just now");
    expect(relativeTime(new Date(NOW.getTime() + 5 * S), NOW)).toBe("just now");
  });

  it("counts seconds up to a minute", () => {
    expect(relativeTime(before(1 * S), NOW)).toBe("1 second ago");
    expect(relativeTime(before(2 * S), NOW)).toBe("2 seconds ago");
    expect(relativeTime(before(59 * S + 999), NOW)).toBe("59 seconds ago");
  });

  it("counts minutes up to an hour", () => {
    expect(relativeTime(before(60 * S), NOW)).toBe("1 minute ago");
    expect(relativeTime(before(119 * S), NOW)).toBe("1 minute ago");
    expect(relativeTime(before(2 * MIN), NOW)).toBe("2 minutes ago");
    expect(relativeTime(before(59 * MIN + 59 * S), NOW)).toBe("59 minutes ago");
  });

  it("counts hours up to a day", () => {
    expect(relativeTime(before(H), NOW)).toBe("1 hour ago");
    expect(relativeTime(before(23 * H + 59 * MIN), NOW)).toBe("23 hours ago");
  });

  it("counts days up to 30, then months up to 11", () => {
    expect(relativeTime(before(D), NOW)).toBe("1 day ago");
    expect(relativeTime(before(29 * D), NOW)).toBe("29 days ago");
    expect(relativeTime(before(30 * D), NOW)).toBe("1 month ago");
    expect(relativeTime(before(59 * D), NOW)).toBe("1 month ago");
    expect(relativeTime(before(60 * D), NOW)).toBe("2 months ago");
    // 360 to 364 days are still under a year: "11 months", never "12 months"
    expect(relativeTime(before(364 * D), NOW)).toBe("11 months ago");
  });

  it("counts years from 365 days", () => {
    expect(relativeTime(before(365 * D), NOW)).toBe("1 year ago");
    expect(relativeTime(before(729 * D), NOW)).toBe("1 year ago");
    expect(relativeTime(before(730 * D), NOW)).toBe("2 years ago");
    expect(relativeTime(before(3650 * D), NOW)).toBe("10 years ago");
  });

  it("reads ISO strings and numbers, and gives nothing for an unreadable date", () => {
    expect(relativeTime("2025-06-15T11:00:00.000Z", NOW.toISOString())).toBe("1 hour ago");
    expect(relativeTime(before(3 * D).toISOString(), NOW.getTime())).toBe("3 days ago");
    expect(relativeTime("not a date", NOW)).toBe("");
  });
});

describe("Lagos time (West Africa Time, UTC+1)", () => {
  // 23:30 UTC on 5 January is already 6 January in Lagos: the day boundary is Lagos's
  const lateUtc = new Date("2030-01-05T23:30:00.000Z");

  it("formats the date in Lagos", () => {
    expect(formatLagosDate(new Date("2026-03-03T12:00:00.000Z"))).toBe("3 Mar 2026");
    expect(formatLagosDate(lateUtc)).toBe("6 Jan 2030");
    expect(formatLagosDate("2026-03-03T12:00:00.000Z")).toBe("3 Mar 2026");
  });

  it("formats the date and time in Lagos, on a 24-hour clock", () => {
    expect(formatLagosDateTime(new Date("2026-03-03T13:05:00.000Z"))).toBe("3 Mar 2026, 14:05");
    expect(formatLagosDateTime(lateUtc.toISOString())).toBe("6 Jan 2030, 00:30");
  });

  it("writes the long form the e-mails and the showcase use", () => {
    expect(formatLagosLong(new Date("2030-03-16T15:00:00.000Z"))).toBe("Saturday 16 March 2030, 4:00 pm WAT");
    expect(formatLagosLong("2030-01-05T22:30:00.000Z")).toBe("Saturday 5 January 2030, 11:30 pm WAT");
    expect(formatLagosLong(lateUtc)).toBe("Sunday 6 January 2030, 12:30 am WAT");
  });
});

describe("Lagos calendar days", () => {
  it("start at 23:00 UTC the evening before and end 24 hours later", () => {
    expect(lagosDayStart("2026-03-03")?.toISOString()).toBe("2026-03-02T23:00:00.000Z");
    expect(lagosDayEnd("2026-03-03")?.toISOString()).toBe("2026-03-03T23:00:00.000Z");
    expect(lagosDayEnd("2026-12-31")?.toISOString()).toBe("2026-12-31T23:00:00.000Z");
    expect(lagosDayStart("2028-02-29")?.toISOString()).toBe("2028-02-28T23:00:00.000Z");
  });

  it("refuse what is not a real day", () => {
    for (const bad of [
      "",
      "2026-02-30",
      "2026-13-01",
      "2026-3-3",
      "03/03/2026",
      "2026-03-03T00:00",
      "1969-12-31",
      "2027-02-29",
    ]) {
      expect(lagosDayStart(bad), bad).toBeNull();
      expect(lagosDayEnd(bad), bad).toBeNull();
    }
  });

  it("name the Lagos day of an instant", () => {
    expect(lagosDayOf("2026-03-02T22:59:59.999Z")).toBe("2026-03-02");
    expect(lagosDayOf("2026-03-02T23:00:00.000Z")).toBe("2026-03-03");
    expect(lagosDayOf(new Date("2026-03-03T22:59:00Z"))).toBe("2026-03-03");
  });
});
