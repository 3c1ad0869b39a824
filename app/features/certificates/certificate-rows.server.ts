// A course's certificates on the course detail (issue 32): the declared table's Revoke and Issue again, each
// with its reason, through the certificates service (which audits them); null for the page's other forms.
import { COURSE_CERTIFICATES } from "../../../contract/certificates/certificates.ts";
import type { Actor } from "../../../server/features/auth/actor.ts";
import type { ActionCall } from "../../lib/action.server.ts";
import { pageAddressOf } from "../../lib/guards.server.ts";
import { rowReasonAction } from "../../lib/row-reason.server.ts";

export function certificateRowAction(call: ActionCall<Actor>) {
  const { certificates } = call.ctx.services;
  return rowReasonAction(
    call,
    COURSE_CERTIFICATES,
    {
      "certificate.revoke": (id, reason) => certificates.revoke(call.actor, id, { reason }),
      "certificate.reissue": (id, reason) => certificates.reissue(call.actor, id, { reason }),
    },
    `${pageAddressOf(call.request)}#${COURSE_CERTIFICATES.id}`,
  );
}
