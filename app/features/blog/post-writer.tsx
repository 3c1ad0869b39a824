// The write-a-post form (admin-back-office §2 "Write post", §4 "Post creation", §5, §8 "Authoring";
// issue 10 "Writing"): cover image, title, category, short description, the rich-text body (lazy:
// its code loads on this page only), uploads with a progress bar (the editor read-only and Send off
// while one runs), alt text for every uploaded picture (decision 027), a draft kept in local storage
// until sent. Send posts the form (the body's HTML in a hidden field) to the page's action (one form →
// result → message path, decision 029): 'Loading...' meanwhile, then the post's page with the root's
// 'Post has been created', or the action's refusal ('Failed to create post: {message}') in the page and
// as a toast. Uploads stay XMLHttpRequest calls to the upload endpoint (their progress: app/lib/upload.ts).
// The state and Send are use-post-writer.ts's, the fields around the editor post-writer-fields.tsx's.
import { lazy, Suspense, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Form } from "react-router";
import { BLOG_MESSAGES } from "../../../contract/blog/blog-texts.ts";
import { AUTHORING_MESSAGES as M } from "../../../contract/blog/post-authoring-texts.ts";
import type { ActionFailure } from "../../lib/action-result.ts";
import { EMPTY_DRAFT, readDraft, type PostDraft } from "./post-draft.ts";
import { typedEarly } from "../../lib/typed-early.ts";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/form.tsx";
import { CategoryField, CoverField, DescriptionField, TitleField, UploadProgress } from "./post-writer-fields.tsx";
import { ALT_MISSING, hasContent, usePostWriter } from "./use-post-writer.ts";

/** The intent of the write page's one form: its action's refusals are tagged with it. */
export const WRITE_INTENT = "posts.create";

const RichEditor = lazy(() => import("./rich-editor.tsx"));

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
 * scripts were on their way (a slow phone) is kept over it. The form itself stays: a Save pressed as
 * the scripts arrive (the press hydrates the page at once) submits the form it was pressed in; a new
 * form in its place (a remount) would leave the browser's submission without a connected form, and it
 * would be dropped without a word.
 */
export function PostWriter(props: WriterProps) {
  const edited = props.editing?.post;
  const serverForm = useRef<HTMLFormElement>(null);
  // null until this runs in the browser: then what was typed into the server's form, if anything
  const [typed, setTyped] = useState<Partial<PostDraft> | null>(null);
  useLayoutEffect(() => {
    setTyped(typedBeforeHydration(serverForm.current, edited ?? EMPTY_DRAFT));
    // (once: what the server's form held at hydration; the form stays, its fields follow the state after)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const restored = typed !== null;
  // an edit starts from the post as stored (no draft is kept for it: the post itself is the draft)
  const initial = useMemo(
    () => (typed ? { ...(edited ?? readDraft(props.draftKey)), ...typed } : (edited ?? EMPTY_DRAFT)),
    [edited, typed, props.draftKey],
  );
  return <WriterForm {...props} initial={initial} restored={restored} formRef={serverForm} />;
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
  const ids = { title: useId(), category: useId(), desc: useId(), body: useId(), error: useId(), cover: useId() };
  const { draft, set, onContent, upload, uploadError, error, sending, locked, uploadInBody, onCoverChosen, send } =
    usePostWriter({ initial, answer, restored, keepsDraft: !editing, draftKey });
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

      <CoverField
        id={ids.cover}
        img={draft.img}
        locked={locked}
        onChosen={(e) => void onCoverChosen(e)}
        onRemove={() => set("img", "")}
      />
      <TitleField
        id={ids.title}
        value={draft.title}
        onChange={(v) => set("title", v)}
        requiredError={requiredError}
        errorId={ids.error}
      />
      <CategoryField
        id={ids.category}
        categories={categories}
        value={draft.category}
        onChange={(v) => set("category", v)}
        moreCategories={editing?.moreCategories}
      />
      <DescriptionField id={ids.desc} value={draft.desc} onChange={(v) => set("desc", v)} />

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

      {upload ? <UploadProgress id={`${ids.cover}-progress`} upload={upload} /> : null}
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
