// The three states of an e-mail (server/features/mail): queued (waiting or between attempts), sent, failed.
import { Badge, type BadgeTone } from "./badge.tsx";

const TONES: Record<string, BadgeTone> = { sent: "green", queued: "amber", failed: "red" };

export function MailStatus({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? "amber"}>{status}</Badge>;
}
