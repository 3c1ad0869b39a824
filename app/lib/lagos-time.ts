// Moved to contract/dates.ts (issue 16: one date module for pages and e-mails). This re-export stays
// only for app/routes/admin/users.tsx, which the admin-kit work is rewriting at the same time; delete
// it once that page imports contract/dates.ts.
export { formatLagosDate, formatLagosDateTime } from "../../contract/dates.ts";
