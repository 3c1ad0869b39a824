// The /admin alert while mail is not going out (decision 050): the error, when the last attempt
// failed, how many e-mails wait, and what to check.
import { Link } from "react-router";
import { formatCount } from "../../../contract/lib/money.ts";

/** What the dashboard's loader says when mail is not going out (decision 050). */
export interface MailProblem {
  error: string;
  waiting: number;
  /** Lagos time, and the same moment as ISO */
  lastFailure: string;
  lastFailureIso: string;
}

/** Shown while the last attempts failed on our side and nothing has gone out since. */
export function MailAlert({ mail }: { mail: MailProblem }) {
  return (
    <section
      aria-labelledby="mail-alert-title"
      className="mt-6 rounded-2xl border border-red-300 bg-red-50 p-4 text-red-950 shadow-sm sm:p-5"
    >
      <h2 id="mail-alert-title" role="alert" className="text-lg font-bold">
        Mail is not going out
      </h2>
      <p className="mt-2 break-words">{mail.error}</p>
      <p className="mt-2 text-sm">
        Last failed attempt <time dateTime={mail.lastFailureIso}>{mail.lastFailure}</time>; {formatCount(mail.waiting)}{" "}
        e-mail{mail.waiting === 1 ? " is" : "s are"} waiting. Nobody is marked bounced for this: the messages are tried
        again, and sent once the mail server takes them.
      </p>
      <p className="mt-2 text-sm">
        Check <code>SMTP_URL</code> (host, port, user name and password) and <code>MAIL_FROM</code> in the server&apos;s
        settings, then restart it.{" "}
        <Link to="/admin/outbox" className="font-medium text-red-900 underline underline-offset-4">
          Open the Outbox
        </Link>
      </p>
    </section>
  );
}
