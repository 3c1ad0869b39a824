// The write-a-post form (admin-back-office §2 "Write post", §4 "Post creation", §5, §8 "Authoring";
// issue 10 "Writing"): cover image, title, category, short description, the rich-text body (lazy:
// its code loads on this page only), uploads with a progress bar (the editor read-only and Send off
// while one runs), alt text for every uploaded picture (decision 027), a draft kept in local storage
// until sent. Send posts the form (the body's HTML in a hidden field) to the page's action (one form →
// result → message path, decision 029): 'Loading...' meanwhile, then the post's page with the root's
// 'Post has been created', or the action's refusal ('Failed to create post: {message}') in the page and
// as a toast. Uploads stay XMLHttpRequest calls to the upload endpoint (their progress: app/lib/upload.ts).
import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { BLOG_MESSAGES } from "../../../contract/blog-texts.ts";
import { AUTHORING_MESSAGES as M, POST_DESC_MAX, POST_TITLE_MAX } from "../../../contract/post-authoring-texts.ts";
import type { ActionFailure } from "../../lib/action-result.ts";
import { clearDraft, EMPTY_DRAFT, readDraft, saveDraft, type PostDraft } from "../../lib/post-draft.ts";
import { uploadFile, UploadError } from "../../lib/upload.ts";
import { typedEarly } from "../../lib/typed-early.ts";
import { Button, buttonClass } from "../ui/button.tsx";
import { controlClass, isPendingFor, Notice } from "../ui/form.tsx";
import { mediaUrl } from "../../../contract/media-urls.ts";
import { toast, useToast } from "../ui/toast.tsx";

/** The intent of the write page's one form: its action's refusals are tagged with it. */
export const WRITE_INTENT = "posts.create";

const RichEditor = lazy(() => import("./rich-editor.tsx"));

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
const ALT_MISSING = `${M.altMissing} ${M.altHowTo}`;

interface Upload {
  what: "cover" | "image" | "video";
  percent: number;
}

/** A post being edited (issue 29): the editor starts from it instead of the browser's draft. */
export interface EditedPost {
  id: string;
  slug: string;
  post: PostDraft;
  /** its categories after the first (one written through the API may have several): kept as they are */
  moreCategories: string[];
}

interface WriterProps {
  categories: string[] | null;
  /** the post being edited; absent: a new post */
  editing?: EditedPost | null;
  /** where the draft is kept in local storage (one per account) */
  draftKey: string;
  /** the page action's refusal of the last Send */
  answer?: ActionFailure;
}

/** The fields a person can type into before the page's scripts arrive. */
const TYPED_FIELDS = ["title", "category", "desc"] as const;

/** What was typed or chosen in the server's form: the fields whose value is not the one it was drawn with. */
function typedBeforeHydration(form: HTMLFormElement | null, drawn: PostDraft): Partial<PostDraft> {
  const typed: Partial<PostDraft> = {};
  if (!form) return typed;
  for (const name of TYPED_FIELDS) {
    const field = form.elements.namedItem(name);
    if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    ) {
      const value = typedEarly(field);
      if (value !== drawn[name]) typed[name] = value;
    }
  }
  return typed;
}

/**
 * The form; once hydrated it starts again from the draft kept in this browser (the server cannot
 * know it), and the editor is made from that draft. What was typed into the server's form while the
 * scripts were on their way (a slow phone) is kept over it.
 */
export function PostWriter(props: WriterProps) {
  const edited = props.editing?.post;
  const serverForm = useRef<HTMLFormElement>(null);
  // null until this runs in the browser: then what was typed into the server's form, if anything
  const [typed, setTyped] = useState<Partial<PostDraft> | null>(null);
  useLayoutEffect(() => {
    setTyped(typedBeforeHydration(serverForm.current, edited ?? EMPTY_DRAFT));
    // (once: the server's form is gone after)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const restored = typed !== null;
  // an edit starts from the post as stored (no draft is kept for it: the post itself is the draft)
  const initial = useMemo(
    () => (typed ? { ...(edited ?? readDraft(props.draftKey)), ...typed } : (edited ?? EMPTY_DRAFT)),
    [edited, typed, props.draftKey],
  );
  return (
    <WriterForm
      key={restored ? "browser" : "server"}
      {...props}
      initial={initial}
      restored={restored}
      formRef={restored ? undefined : serverForm}
    />
  );
}

function WriterForm({
  categories,
  editing,
  draftKey,
  answer,
  initial,
  restored,
  formRef,
}: WriterProps & { initial: PostDraft; restored: boolean; formRef?: React.Ref<HTMLFormElement> }) {
  const keepsDraft = !editing;
  const submit = useSubmit();
  const here = useLocation().pathname;
  // from Send until the post's page has loaded (the action's redirect), or the refusal is back
  const sending = isPendingFor(useNavigation(), here);
  const ids = { title: useId(), category: useId(), desc: useId(), body: useId(), error: useId(), cover: useId() };
  const [draft, setDraft] = useState<PostDraft>(initial);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(answer?.formError ?? null);
  const sent = useRef(false);

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
  const requiredError = error === M.required;
  const altError = error === ALT_MISSING;

  return (
    <Form
      ref={formRef}
      method="post"
      onSubmit={(e) => void send(e)}
      noValidate
      className="mt-8 space-y-6"
      aria-describedby={error ? ids.error : undefined}
    >
      {/* what the editor and the upload keep in this page's state, posted with the fields */}
      <input type="hidden" name="img" value={draft.img} />
      <input type="hidden" name="content" value={draft.content} />
      {editing && editing.moreCategories.length > 0 ? (
        <input type="hidden" name="moreCategories" value={editing.moreCategories.join("\n")} />
      ) : null}
      <noscript>
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          Writing a post needs JavaScript: turn it on to use the editor.
        </p>
      </noscript>

      {/* Cover image */}
      <div>
        <p className="font-semibold text-slate-900">
          Cover image <span className="font-normal text-slate-600">(optional)</span>
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-4">
          {draft.img ? (
            <img
              src={mediaUrl(draft.img, { w: 320, h: 180 })}
              alt="Cover preview"
              width={160}
              height={90}
              className="h-[90px] w-[160px] rounded-lg border border-slate-200 object-cover"
            />
          ) : null}
          <label
            htmlFor={ids.cover}
            className={buttonClass(
              "secondary",
              "md",
              "cursor-pointer has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700",
            )}
          >
            {draft.img ? "Change the cover image" : "Add a cover image"}
            <input
              id={ids.cover}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              className="sr-only"
              disabled={locked}
              onChange={(e) => void onCoverChosen(e)}
            />
          </label>
          {draft.img ? (
            <Button type="button" variant="ghost" disabled={locked} onClick={() => set("img", "")}>
              Remove the cover image
            </Button>
          ) : null}
        </div>
      </div>

      {/* Title */}
      <div>
        <label htmlFor={ids.title} className="block font-semibold text-slate-900">
          Title
        </label>
        <input
          id={ids.title}
          name="title"
          type="text"
          maxLength={POST_TITLE_MAX}
          value={draft.title}
          onChange={(e) => set("title", e.target.value)}
          aria-invalid={requiredError && draft.title.trim() === "" ? true : undefined}
          aria-describedby={requiredError ? ids.error : undefined}
          className={controlClass("page", requiredError && draft.title.trim() === "")}
        />
      </div>

      {/* Category */}
      <div>
        <label htmlFor={ids.category} className="block font-semibold text-slate-900">
          Category
        </label>
        {categories === null ? (
          <p className="mt-1.5 text-sm font-semibold text-red-700">{BLOG_MESSAGES.errorCategories}</p>
        ) : categories.length === 0 ? (
          <p className="mt-1.5 text-sm text-slate-600">{BLOG_MESSAGES.noCategories}</p>
        ) : null}
        <select
          id={ids.category}
          name="category"
          value={draft.category}
          disabled={!categories || categories.length === 0}
          onChange={(e) => set("category", e.target.value)}
          className={controlClass("page")}
        >
          <option value="">{categories && categories.length > 0 ? "Choose a category" : "No category"}</option>
          {(categories ?? []).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {editing && editing.moreCategories.length > 0 ? (
          <p className="mt-1.5 text-sm text-slate-600">Also in: {editing.moreCategories.join(", ")} (kept)</p>
        ) : null}
      </div>

      {/* Short description */}
      <div>
        <label htmlFor={ids.desc} className="block font-semibold text-slate-900">
          Short description <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <textarea
          id={ids.desc}
          name="desc"
          rows={3}
          maxLength={POST_DESC_MAX}
          value={draft.desc}
          onChange={(e) => set("desc", e.target.value)}
          className={controlClass("page", false, "resize-y")}
        />
      </div>

      {/* Body */}
      <div>
        <p id={ids.body} className="font-semibold text-slate-900">
          Post
        </p>
        {restored ? (
          <Suspense fallback={<EditorPlaceholder />}>
            <RichEditor
              initialContent={draft.content}
              onChange={onContent}
              locked={locked}
              upload={uploadInBody}
              labelId={ids.body}
              describedBy={requiredError || altError ? ids.error : undefined}
              invalid={(requiredError && !hasContent(draft.content)) || altError}
            />
          </Suspense>
        ) : (
          <EditorPlaceholder />
        )}
      </div>

      {upload ? (
        <div>
          <label htmlFor={`${ids.cover}-progress`} className="text-sm font-semibold text-slate-800">
            {upload.what === "cover"
              ? "Uploading the cover image"
              : upload.what === "video"
                ? "Uploading the video"
                : "Uploading the image"}
            : {upload.percent}%
          </label>
          <progress
            id={`${ids.cover}-progress`}
            max={100}
            value={upload.percent}
            className="mt-1 block h-2 w-full overflow-hidden rounded-full accent-brand-700"
          />
        </div>
      ) : null}
      {uploadError ? (
        <Notice tone="error" className="rounded-lg border px-4 py-3">
          {uploadError}
        </Notice>
      ) : null}

      {error ? (
        <Notice tone="error" id={ids.error} className="rounded-lg border px-4 py-3">
          {error}
        </Notice>
      ) : null}

      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={locked} aria-disabled={locked || undefined}>
          {sending ? BLOG_MESSAGES.loading : editing ? "Save changes" : "Send"}
        </Button>
      </div>
    </Form>
  );
}

/** The editor's room while its code loads (no "Loading..." text: the page is there, the tools follow). */
function EditorPlaceholder() {
  return (
    <div className="mt-1.5 min-h-[21rem] rounded-lg border border-slate-400 bg-white shadow-sm" aria-hidden="true" />
  );
}
