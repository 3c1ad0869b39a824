// Placeholder until the sanitizer branch merges: escapes everything, so nothing executable can pass.
export function sanitizePostHtml(html: string): string {
  return html.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
