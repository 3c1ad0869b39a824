// A live class's calendar file, read back with ical.js (another implementation than the one that wrote
// it), and its times: join opening, state, Lagos and local time.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { formatInZone, joinOpensAt, liveState, liveTimes } from "../../../contract/learning/live.ts";
import { foldLine, liveClassFileName, liveClassIcs, liveClassUid } from "./live-class.ts";

const YORUBA = "Ìpàdé Ọ̀sẹ̀ — Adébáyọ̀";
/** Saturday 16 March 2030, 4 pm in Lagos. */
const START = new Date("2030-03-16T15:00:00Z");
const LESSON = "65f0c0ffee0000000000abcd";
const PAGE = `https://academy.example/learn/c1/${LESSON}`;
const JOIN = "https://zoom.us/j/81234500001?pwd=Secret";

function make(overrides: Partial<Parameters<typeof liveClassIcs>[0]> = {}) {
  return liveClassIcs({
    lessonId: LESSON,
    title: YORUBA,
    courseTitle: "Full-Stack Web Development, Lagos; cohort 3",
    startsAt: START,
    minutes: 90,
    url: PAGE,
    organizerName: "TechAfrica",
    now: new Date("2030-03-01T10:00:00Z"),
    ...overrides,
  });
}

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe("liveClassIcs", () => {
  it("parses back: UID, start and end in UTC, summary, description, URL and a 15-minute alarm", () => {
    const { calendar, vevent, event } = parse(make());
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(event.uid).toBe(`lesson-${LESSON}@academy.example`);
    expect(event.startDate.toJSDate().toISOString()).toBe("2030-03-16T15:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2030-03-16T16:30:00.000Z");
    expect(event.startDate.zone?.tzid).toBe("UTC");
    expect(event.summary).toBe(`${YORUBA} (Full-Stack Web Development, Lagos; cohort 3)`);
    expect(event.description).toContain(`${YORUBA}: a live class of Full-Stack Web Development, Lagos; cohort 3.`);
    expect(event.description).toContain(PAGE);
    expect(vevent.getFirstPropertyValue("url")).toBe(PAGE);
    const dtstamp = vevent.getFirstPropertyValue("dtstamp") as InstanceType<typeof ICAL.Time>;
    expect(dtstamp.toJSDate().toISOString()).toBe("2030-03-01T10:00:00.000Z");
    const alarm = vevent.getFirstSubcomponent("valarm")!;
    expect(alarm.getFirstPropertyValue("action")).toBe("DISPLAY");
    expect(String(alarm.getFirstPropertyValue("trigger"))).toBe("-PT15M");
    expect(alarm.getFirstPropertyValue("description")).toBe(`${YORUBA} starts in 15 minutes`);
  });

  it("keeps the Yoruba title byte for byte", () => {
    const { event } = parse(make());
    const summary = Buffer.from(event.summary, "utf8");
    expect(summary.subarray(0, Buffer.byteLength(YORUBA)).equals(Buffer.from(YORUBA, "utf8"))).toBe(true);
    // (its combining marks stay as written: not decomposed)
    expect(event.summary.startsWith(YORUBA)).toBe(true);
    expect(event.summary.startsWith(YORUBA.normalize("NFD"))).toBe(false);
  });

  it("writes CRLF only, and no line longer than 75 octets", () => {
    const ics = make({ title: `${YORUBA} ${YORUBA} ${YORUBA}`, courseTitle: "ẹ̀".repeat(80) });
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = ics.split("\r\n").slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
    // every octet sequence is whole UTF-8 (a cut character would decode to U+FFFD)
    expect(Buffer.from(ics, "utf8").toString("utf8")).not.toContain("\uFFFD");
    expect(parse(ics).event.summary).toBe(`${YORUBA} ${YORUBA} ${YORUBA} (${"ẹ̀".repeat(80)})`);
  });

  it("never carries the join link", () => {
    const ics = make();
    expect(ics).not.toContain("zoom.us");
    expect(ics.replace(/\r\n /g, "")).not.toContain(JOIN);
  });

  it("gives the same UID whatever the start, so a moved class replaces the event", () => {
    const moved = parse(make({ startsAt: new Date("2030-03-17T09:00:00Z") })).event;
    expect(moved.uid).toBe(parse(make()).event.uid);
    expect(moved.startDate.toJSDate().toISOString()).toBe("2030-03-17T09:00:00.000Z");
    expect(liveClassUid(LESSON, "http://localhost:3000/x")).toBe(`lesson-${LESSON}@localhost`);
  });

  it("does not depend on the server's time zone", () => {
    // ics reads local time by default (stack-notes-learning §4); UTC instants make TZ irrelevant
    // eslint-disable-next-line no-restricted-properties -- the process's zone is what this test changes
    const env = process.env;
    const before = env.TZ;
    try {
      env.TZ = "America/New_York";
      expect(make()).toContain("DTSTART:20300316T150000Z\r\n");
      expect(make()).toContain("DTEND:20300316T163000Z\r\n");
    } finally {
      if (before === undefined) delete env.TZ;
      else env.TZ = before;
    }
  });

  it("gives an organizer only with an address", () => {
    expect(make()).not.toContain("ORGANIZER");
    const { vevent } = parse(make({ organizerEmail: "classes@academy.example" }));
    const organizer = vevent.getFirstProperty("organizer")!;
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe("mailto:classes@academy.example");
    expect(organizer.getParameter("cn")).toBe("TechAfrica");
  });
});

describe("foldLine", () => {
  it("cuts at 75 octets, continuation lines starting with a space, never inside a character or an escape", () => {
    const line = `SUMMARY:${"ọ̀".repeat(40)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
    const escapes = foldLine(`DESCRIPTION:${"a\\,".repeat(40)}`).split("\r\n");
    expect(escapes.slice(1).every((part) => !part.startsWith(" ,"))).toBe(true);
    expect(foldLine("SHORT:x")).toBe("SHORT:x");
  });
});

describe("liveClassFileName", () => {
  it("is letters, digits and dashes", () => {
    expect(liveClassFileName(YORUBA)).toBe("ipade-ose-adebayo.ics");
    expect(liveClassFileName("!!!")).toBe("live-class.ics");
  });
});

describe("the times of a live class", () => {
  it("opens the join link 15 minutes before the start, until the end", () => {
    expect(joinOpensAt(START).toISOString()).toBe("2030-03-16T14:45:00.000Z");
    const at = (iso: string) => liveState(START, 90, new Date(iso));
    expect(at("2030-03-16T14:44:59.999Z")).toBe("upcoming");
    expect(at("2030-03-16T14:45:00.000Z")).toBe("open");
    expect(at("2030-03-16T16:29:59.999Z")).toBe("open");
    expect(at("2030-03-16T16:30:00.000Z")).toBe("over");
  });

  it("shows Lagos time, and the learner's own when it differs", () => {
    expect(liveTimes(START, "Africa/Lagos")).toEqual({ lagos: "Saturday 16 March 2030, 4:00 pm WAT", local: null });
    // Kinshasa keeps Lagos's clock: nothing more to say
    expect(liveTimes(START, "Africa/Kinshasa").local).toBeNull();
    expect(liveTimes(START, "Europe/London")).toEqual({
      lagos: "Saturday 16 March 2030, 4:00 pm WAT",
      local: "Saturday 16 March 2030, 3:00 pm GMT",
    });
    expect(liveTimes(START, "America/New_York").local).toBe("Saturday 16 March 2030, 11:00 am GMT-4");
    expect(liveTimes(START, "Not/AZone").local).toBeNull();
    expect(formatInZone(START, "Not/AZone")).toBeNull();
  });
});
