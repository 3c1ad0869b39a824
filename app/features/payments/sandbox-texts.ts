// What the sandbox checkout says of itself (issue 15: a sandbox checkout must never pass for a real one).
// Plain text, shared by the dialog (checkout.tsx) and the browser tests.
export const SANDBOX_TEXTS = {
  banner: "Test payment: no real money.",
  note: "This site takes payments in its sandbox: nothing is charged to any card or account, and nothing is really paid.",
} as const;
