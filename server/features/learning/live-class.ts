// A live class's "Add to calendar" file (issue 31; decision 074): one VEVENT in RFC 5545, made with `ics`
// from UTC instants (its default reads a date array in the server's own zone: stack-notes-learning §4),
// then folded again by octets (it folds by characters, and a Yoruba title reaches 120 octets a line).
// The file carries the lesson page's address, never the join link: a calendar file is forwarded.
import { createEvent } from "ics";

export interface LiveClassIcsInput {
  lessonId: string;
  title: string;
  courseTitle: string;
  startsAt: Date;
  /** the class's length */
  minutes: number;
  /** the lesson page's address (https://…): the event's URL and the UID's host */
  url: string;
  /** who holds it (the academy's name): written in the description; an ORGANIZER needs an address */
  organizerName?: string;
  /** with an address, also the event's ORGANIZER */
  organizerEmail?: string;
  /** DTSTAMP: when the file is made (default now) */
  now?: Date;
}

/** The longest line RFC 5545 §3.1 allows, in octets, without its CRLF. */
export const ICS_LINE_OCTETS = 75;
/** The calendar's own reminder: this long before the start (the join link opens then too). */
export const ICS_ALARM_MINUTES = 15;
export const ICS_CONTENT_TYPE = "text/calendar";

/** The same UID for every file of a lesson, so a calendar updates the event rather than adding one. */
export const liveClassUid = (lessonId: string, url: string) => `lesson-${lessonId}@${new URL(url).hostname}`;

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
const text = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n|\r/g, "\\n");

/** A file name for the download and the e-mail's attachment: letters, digits and dashes. */
export function liveClassFileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${slug || "live-class"}.ics`;
}

/**
 * Folds one content line so that no line is longer than 75 octets (a continuation's leading space
 * counts), never inside a UTF-8 character (cut between code points only) nor inside an escape (`\,`),
 * which parsers that unescape before unfolding would misread.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= ICS_LINE_OCTETS) return line;
  const out: string[] = [];
  let current = "";
  let octets = 0;
  let limit = ICS_LINE_OCTETS;
  for (const [char] of line.matchAll(/\\[\s\S]|[\s\S]/gu)) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      out.push(current);
      current = " ";
      octets = 1;
      limit = ICS_LINE_OCTETS;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n");
}

/** Unfolds whatever `ics` folded (CRLF then a space or tab), then folds every line by octets. */
export function refold(ics: string): string {
  const lines = ics
    .replace(/\r\n[ \t]/g, "")
    .split(/\r\n/)
    .filter((line, i, all) => line !== "" || i < all.length - 1);
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** The .ics of a live class; throws on input `ics` refuses (a start that is no date). */
export function liveClassIcs(input: LiveClassIcsInput): string {
  const start = input.startsAt.getTime();
  if (Number.isNaN(start)) throw new Error("A live class's calendar file needs its start time");
  const description = [
    `${input.title}: a live class of ${input.courseTitle}.`,
    ...(input.organizerName ? [`With ${input.organizerName}.`] : []),
    `The join link shows on the lesson page from ${ICS_ALARM_MINUTES} minutes before the start: ${input.url}`,
  ].join("\n");
  const { error, value } = createEvent({
    uid: liveClassUid(input.lessonId, input.url),
    // not in the published types, read by ics's formatter (DTSTAMP; default Date.now())
    ...({ timestamp: (input.now ?? new Date()).getTime() } as object),
    productId: "-//Academy//Live classes//EN",
    start,
    startInputType: "utc",
    startOutputType: "utc",
    end: start + input.minutes * 60_000,
    endInputType: "utc",
    endOutputType: "utc",
    title: `${input.title} (${input.courseTitle})`,
    description,
    url: input.url,
    status: "CONFIRMED",
    busyStatus: "BUSY",
    ...(input.organizerEmail
      ? {
          organizer: {
            name: (input.organizerName ?? input.courseTitle).replace(/"/g, ""),
            email: input.organizerEmail,
          },
        }
      : {}),
    alarms: [
      {
        action: "display",
        // ics writes an alarm's description as given: escaped here
        description: text(`${input.title} starts in ${ICS_ALARM_MINUTES} minutes`),
        trigger: { minutes: ICS_ALARM_MINUTES, before: true },
      },
    ],
  });
  if (error || !value) throw error ?? new Error("The calendar file could not be made");
  return refold(value);
}
