// Times in the back office are the academy's: Lagos (West Africa Time), the same day boundary as the
// dashboard's "today" (server/features/users/users.service.ts startOfLagosDay). Loaders format them, so
// the server's and the browser's ICU data can never disagree during hydration.
const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const date = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "3 Mar 2026, 14:05" in Lagos time. */
export function formatLagosDateTime(value: Date | string): string {
  return dateTime.format(new Date(value));
}

/** "3 Mar 2026" in Lagos time. */
export function formatLagosDate(value: Date | string): string {
  return date.format(new Date(value));
}
