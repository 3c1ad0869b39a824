// The reminder of a live class (issue 31), to each enrolled learner 24 hours and 1 hour before: made with
// the e-mail kit as the showcase's streaming-link e-mail is (server/features/tickets/emails.ts). It links
// to the lesson page, never to the join link (decision 074), and carries the class's calendar file.
import { formatLagosLong } from "../../../contract/lib/dates.ts";
import type { MailInput } from "../mail/mail.service.ts";
import type { EmailBrand } from "../mail/templates/brand.ts";
import { composeEmail } from "../mail/templates/compose.ts";
import { ICS_CONTENT_TYPE, liveClassFileName } from "./live-class.ts";

/** "24 hours", "1 hour", "40 minutes": how long until the start, as the subject says it. */
export function startsIn(startsAt: Date, now: Date): string {
  const minutes = Math.max(1, Math.round((startsAt.getTime() - now.getTime()) / 60_000));
  if (minutes >= 90) {
    const hours = Math.round(minutes / 60);
    return `${hours} hours`;
  }
  if (minutes >= 55) return "1 hour";
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export interface LiveReminderMailInput {
  brand: EmailBrand;
  to: string;
  /** the learner's name, when known */
  name?: string | null;
  lessonTitle: string;
  courseTitle: string;
  startsAt: Date;
  minutes: number;
  /** the lesson page's address: the join button shows there from 15 minutes before */
  lessonUrl: string;
  /** the class's calendar file (liveClassIcs) */
  ics: string;
  now: Date;
}

export function liveReminderMail(m: LiveReminderMailInput): Promise<MailInput> {
  const when = formatLagosLong(m.startsAt);
  const inWords = startsIn(m.startsAt, m.now);
  return composeEmail(m.brand, {
    to: m.to,
    kind: "live-class",
    subject: `Starting in ${inWords}: ${m.lessonTitle}`,
    preview: `${m.lessonTitle} (${m.courseTitle}) starts ${when}.`,
    heading: "Your live class starts soon",
    name: m.name,
    blocks: [
      { kind: "paragraph", text: `${m.lessonTitle}, a live class of ${m.courseTitle}, starts in ${inWords}.` },
      {
        kind: "details",
        rows: [
          { label: "Class", value: m.lessonTitle },
          { label: "Course", value: m.courseTitle },
          { label: "Starts", value: when },
          { label: "Length", value: `${m.minutes} minutes` },
        ],
      },
      { kind: "button", label: "Open the class", url: m.lessonUrl, spellOut: true },
      {
        kind: "paragraph",
        text: "The Join button shows on the class's page from 15 minutes before the start. The attached file adds the class to your calendar.",
      },
      {
        kind: "note",
        text: "Sign in with this e-mail address to open the class (or create an account with it, if you paid without one).",
      },
    ],
    reason: `You got this e-mail because you are enrolled in ${m.courseTitle} at ${m.brand.name}.`,
    attachments: [
      { filename: liveClassFileName(m.lessonTitle), contentType: ICS_CONTENT_TYPE, content: Buffer.from(m.ics) },
    ],
  });
}
