// The post being written, kept in the browser's local storage until it is sent (issue 10 "A draft
// survives a reload"): one draft per account on this browser.

export interface PostDraft {
  img: string;
  title: string;
  category: string;
  desc: string;
  content: string;
}

export const EMPTY_DRAFT: PostDraft = { img: "", title: "", category: "", desc: "", content: "" };

export const draftKey = (userId: string) => `academy.post-draft.${userId}`;

const text = (v: unknown) => (typeof v === "string" ? v : "");

export function readDraft(key: string): PostDraft {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return EMPTY_DRAFT;
    const d = JSON.parse(raw) as Record<string, unknown>;
    return {
      img: text(d.img),
      title: text(d.title),
      category: text(d.category),
      desc: text(d.desc),
      content: text(d.content),
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(key: string, draft: PostDraft): void {
  try {
    const empty = Object.values(draft).every((v) => v === "" || v === "<p></p>");
    if (empty) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // private mode or a full storage: the draft lives as long as the page
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}
