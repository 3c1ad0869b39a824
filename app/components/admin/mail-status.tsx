// The three states of an e-mail (server/features/mail): queued (waiting or between attempts), sent, failed.
const TONES: Record<string, string> = {
  sent: "bg-green-100 text-green-900",
  queued: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
};

export function MailStatus({ status }: { status: string }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status] ?? TONES.queued}`}>
      {status}
    </span>
  );
}
