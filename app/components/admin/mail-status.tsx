// The states of an e-mail (server/features/mail): queued (waiting or between attempts), sending (handed
// to the mail server, its answer awaited), sent, failed, unconfirmed (no answer came: decision 067).
import { Badge, type BadgeTone } from "./badge.tsx";

const TONES: Record<string, BadgeTone> = {
  sent: "green",
  queued: "amber",
  sending: "amber",
  failed: "red",
  unconfirmed: "red",
};

export function MailStatus({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? "amber"}>{status}</Badge>;
}
