ALTER TABLE "mail_messages" ADD COLUMN "handed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_messages_sending_idx" ON "mail_messages" USING btree ("handed_at") WHERE "mail_messages"."status" = 'sending';--> statement-breakpoint
-- Issue 29, decision 067: before decision 050 a failure on our side (a refused login, TLS, the connection,
-- our sender, relay denied, the message refused at DATA) marked the subscriber bounced for good. Those
-- rows go back to confirmed (pending if they never confirmed), each with an audit row by "System".
-- A reason is ours when nodemailer's message names our step (Invalid login, Missing credentials, Mail
-- command failed, Data command failed, Message failed), the reply code is one about us (421, 530, 534,
-- 535, 538), it says relaying is refused, or names TLS or a connection error. A 5xx to RCPT TO
-- ("Can't send mail - all recipients were rejected: 550 ...") is a real bounce and stays.
WITH wrongly AS (
  SELECT id, bounce_reason, ended_at
  FROM newsletter_subscribers
  WHERE status = 'bounced'
    AND bounce_reason IS NOT NULL
    AND (
      bounce_reason ~* '^(Invalid login|Missing credentials|Mail command failed|Data command failed|Message failed|Greeting never received|Connection (timeout|closed))'
      OR bounce_reason ~ '(^|: )(421|530|534|535|538)[ -]'
      OR bounce_reason ~* '(relay(ing)? (access )?(denied|not permitted|prohibited)|unable to relay|not (permitted|allowed) to relay|do not relay)'
      OR bounce_reason ~* '(STARTTLS|\mTLS\M|\mSSL\M|certificate|\m(EAUTH|ENOAUTH|ETLS|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ESOCKET|ECONNECTION|EDNS|ENOTFOUND)\M)'
    )
  FOR UPDATE
),
restored AS (
  UPDATE newsletter_subscribers s
  SET status = CASE WHEN s.confirmed_at IS NOT NULL THEN 'confirmed' ELSE 'pending' END,
    ended_at = NULL,
    bounce_reason = NULL
  FROM wrongly w
  WHERE s.id = w.id
  RETURNING s.id, s.email, s.status, w.bounce_reason
)
INSERT INTO admin_audit (id, at, actor_id, actor_name, actor_email, action, resource, item_id, item_label, changes)
SELECT
  lpad(to_hex(floor(extract(epoch FROM now()))::bigint), 8, '0') || substr(md5(random()::text || r.id), 1, 16),
  now(),
  NULL,
  'System',
  'database upgrade 0021',
  'restore',
  'newsletter',
  r.id,
  left(r.email, 200),
  jsonb_build_object(
    'status', jsonb_build_object('before', 'bounced', 'after', r.status),
    'bounceReason', jsonb_build_object('before', r.bounce_reason, 'after', NULL)
  )
FROM restored r;
