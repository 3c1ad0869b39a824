// The post writer's state and what it does (post-writer.tsx draws it): the draft being written, kept in
// local storage until sent (a new post only), the uploads with their progress (XMLHttpRequest calls to
// the upload endpoint: app/lib/upload.ts), the form's error (the action's refusal, or Send's own checks:
// a title and a body, alt text for every uploaded picture, decision 027) and Send itself.
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useSubmit } from "react-router";
import { AUTHORING_MESSAGES as M } from "../../../contract/blog/post-authoring-texts.ts";
import type { ActionFailure } from "../../lib/action-result.ts";
import { clearDraft, saveDraft, type PostDraft } from "./post-draft.ts";
import { uploadFile, UploadError } from "../../lib/upload.ts";
import { isPendingFor } from "../../components/ui/form.tsx";
import { toast, useToast } from "../../components/ui/toast.tsx";

/** A body with something in it: text, a picture or a video (as the server counts it). */
export function hasContent(html: string): boolean {
  const text = html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;/g, " ")
    .trim();
  return text !== "" || /<(img|iframe|video)\b/i.test(html);
}

/**
 * How many uploaded pictures of the body have no alt text (the server refuses such a body: decision
 * 027). Read with the browser's own parser, at Send.
 */
export function picturesWithoutAlt(html: string): number {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return [...doc.images].filter((img) => {
    let url: URL;
    try {
      url = new URL(img.getAttribute("src") ?? "", window.location.origin);
    } catch {
      return false;
    }
    // (an upload answer's filePath, /uploads/…, is an upload too: the server keeps it as /media/uploads/…)
    const uploaded = url.pathname.startsWith("/media/uploads/") || url.pathname.startsWith("/uploads/");
    return uploaded && (img.getAttribute("alt") ?? "").trim() === "";
  }).length;
}

/** Send's refusal of a body whose uploaded pictures lack alt text, with where to give it. */
export const ALT_MISSING = `${M.altMissing} ${M.altHowTo}`;

export interface Upload {
  what: "cover" | "image" | "video";
  percent: number;
}

export function usePostWriter({
  initial,
  answer,
  restored,
  keepsDraft,
  draftKey,
}: {
  initial: PostDraft;
  /** the page action's refusal of the last Send */
  answer?: ActionFailure;
  /** the form is the browser's (the draft and what was typed early are in it); from then on `initial` is that */
  restored: boolean;
  /** a new post's draft is kept in local storage (an edit's is the post itself) */
  keepsDraft: boolean;
  draftKey: string;
}) {
  const submit = useSubmit();
  const here = useLocation().pathname;
  // from Send until the post's page has loaded (the action's redirect), or the refusal is back
  const sending = isPendingFor(useNavigation(), here);
  const [draft, setDraft] = useState<PostDraft>(initial);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(answer?.formError ?? null);
  const sent = useRef(false);

  // Once hydrated, the draft starts again from the browser's (`initial` then holds it), in the same
  // render: the form is not made again (a Save pressed meanwhile would lose its form, post-writer.tsx).
  // Later changes of `initial` (the page's data revalidated) leave what is being written alone.
  const [wasRestored, setWasRestored] = useState(restored);
  if (restored !== wasRestored) {
    setWasRestored(restored);
    if (restored) setDraft(initial);
  }

  // A new refusal from the action is the form's error (until the next change); a toast says it too.
  const [shownAnswer, setShownAnswer] = useState(answer);
  if (answer !== shownAnswer) {
    setShownAnswer(answer);
    setError(answer?.formError ?? null);
  }
  useToast(answer, answer?.formError, "error");

  useEffect(() => {
    if (!keepsDraft || !restored || sent.current) return;
    const timer = setTimeout(() => {
      // sent meanwhile: the draft is gone for good
      if (!sent.current) saveDraft(draftKey, draft);
    }, 250);
    return () => clearTimeout(timer);
  }, [draft, restored, draftKey, keepsDraft]);

  const set = <K extends keyof PostDraft>(key: K, value: PostDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setError(null);
  };
  const onContent = useCallback((content: string) => {
    setDraft((d) => ({ ...d, content }));
    setError(null);
  }, []);

  const runUpload = useCallback(async (file: File, what: Upload["what"]): Promise<string | null> => {
    setUploadError(null);
    setUpload({ what, percent: 0 });
    try {
      return await uploadFile(file, (percent) => setUpload({ what, percent }));
    } catch (e) {
      const reason = e instanceof UploadError ? e.message : "Something went wrong.";
      const failed = what === "video" ? M.videoUploadFailed : M.uploadFailed;
      setUploadError(`${failed} ${reason}`);
      void toast(failed, "error");
      return null;
    } finally {
      setUpload(null);
    }
  }, []);

  const uploadInBody = useCallback((file: File, what: "image" | "video") => runUpload(file, what), [runUpload]);

  async function onCoverChosen(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const url = await runUpload(file, "cover");
    if (url) set("img", url);
  }

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload || sending) return;
    if (draft.title.trim() === "" || !hasContent(draft.content)) {
      setError(M.required);
      return;
    }
    if (picturesWithoutAlt(draft.content) > 0) {
      setError(ALT_MISSING);
      return;
    }
    setError(null);
    await submit(event.currentTarget, { method: "post", replace: true, preventScrollReset: true });
    // Sent: the action took us to the post's page, and the draft is done with. Refused (or the server
    // could not be reached: the error page), it stays.
    if (window.location.pathname !== here) {
      sent.current = true;
      if (keepsDraft) clearDraft(draftKey);
    }
  }

  const locked = upload !== null || sending;
  return { draft, set, onContent, upload, uploadError, error, sending, locked, uploadInBody, onCoverChosen, send };
}
