// The post body's rich-text editor (admin-back-office §2 "Write post": headings 1 to 3; bold, italic,
// underline, strike, lists, link, image, video; video links to YouTube or Vimeo become embeds; a link
// on e-mail-like text gets mailto:). Tiptap 3 (stack-notes "rich-text editor"): StarterKit (which
// holds Link and Underline: configured here, not added again), Image, a video node of our own that
// writes exactly the <iframe src allowfullscreen frameborder> the server's allow-list keeps, and one for
// a video uploaded to this site (<video src="/media/uploads/…" controls preload="metadata" playsinline>,
// also exactly what the allow-list keeps; decision 021). An uploaded picture asks for its alt text at
// once (required, as Ghost asks: decision 027); "Alt text" changes it for the selected picture. Loaded
// with React.lazy from the write page only (app/features/blog/post-writer.tsx): nothing of it is
// in any other page's JavaScript.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { mergeAttributes, Node } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { AUTHORING_MESSAGES } from "../../../contract/blog/post-authoring-texts.ts";
import { isEmailLike, linkHref, toEmbedUrl } from "./editor-links.ts";
import { buttonClass } from "../../components/ui/button.tsx";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    videoEmbed: {
      /** Inserts a YouTube or Vimeo player; `src` must already be a player address (toEmbedUrl). */
      setVideoEmbed: (options: { src: string }) => ReturnType;
    };
    uploadedVideo: {
      /** Inserts a video uploaded to this site; `src` must be /media/uploads/<name>.mp4|webm. */
      setUploadedVideo: (options: { src: string }) => ReturnType;
    };
  }
}

/** The longest alt text the field takes (a description, not an essay). */
const ALT_MAX = 250;

/** A video uploaded through the upload endpoint (the sanitizer's rule, server/lib/sanitize.ts). */
// (in an upload's folder too, decision 065: the server's rule, server/lib/sanitize.ts)
const UPLOADED_VIDEO = /^\/media\/uploads\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:mp4|webm)$/;

/** The site path of an uploaded video's address (the upload answers a path or a same-site URL), or null. */
export function uploadedVideoPath(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return null;
  }
  return parsed.origin === window.location.origin && UPLOADED_VIDEO.test(parsed.pathname) && !parsed.search
    ? parsed.pathname
    : null;
}

/** The address to store for an uploaded picture: its site path when the upload answered one of this site. */
export function uploadedImageSrc(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return url;
  }
  return parsed.origin === window.location.origin && parsed.pathname.startsWith("/media/uploads/") && !parsed.search
    ? parsed.pathname
    : url;
}

/** Sets the alt text of every picture of the body whose address is `src` (an upload's name is unique). */
function setAltText(editor: Editor, src: string, alt: string) {
  const { tr, doc } = editor.state;
  doc.descendants((node, pos) => {
    if (node.type.name === "image" && node.attrs.src === src) tr.setNodeMarkup(pos, undefined, { ...node.attrs, alt });
  });
  editor.view.dispatch(tr);
}

/** A video uploaded to this site: a block of its own, stored as the <video> the sanitizer allows. */
const UploadedVideo = Node.create({
  name: "uploadedVideo",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: "video[src]",
        getAttrs: (el) => {
          const src = (el as HTMLElement).getAttribute("src") ?? "";
          return UPLOADED_VIDEO.test(src) ? { src } : false;
        },
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ["video", mergeAttributes(HTMLAttributes, { controls: "", preload: "metadata", playsinline: "" })];
  },
  addCommands() {
    return {
      setUploadedVideo:
        (options) =>
        ({ commands }) =>
          commands.insertContent([{ type: this.name, attrs: { src: options.src } }, { type: "paragraph" }]),
    };
  },
});

/** A YouTube or Vimeo player: a block of its own, stored as the iframe the sanitizer allows. */
const VideoEmbed = Node.create({
  name: "videoEmbed",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: "iframe[src]",
        getAttrs: (el) => {
          const src = toEmbedUrl((el as HTMLElement).getAttribute("src") ?? "");
          return src ? { src } : false;
        },
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ["iframe", mergeAttributes(HTMLAttributes, { frameborder: "0", allowfullscreen: "true" })];
  },
  addCommands() {
    return {
      setVideoEmbed:
        (options) =>
        ({ commands }) =>
          // a paragraph after it takes the cursor: what is typed (or inserted) next does not replace the video
          commands.insertContent([{ type: this.name, attrs: { src: options.src } }, { type: "paragraph" }]),
    };
  },
});

export interface RichEditorProps {
  /** the body to start from (a restored draft) */
  initialContent: string;
  onChange: (html: string) => void;
  /** an upload or the sending runs: read-only, tools off */
  locked: boolean;
  /** uploads a file (with the page's progress bar); the stored address, or null when it failed */
  upload: (file: File, what: "image" | "video") => Promise<string | null>;
  /** the id of the visible label of the editing area */
  labelId: string;
  /** ids of the texts that describe the editing area (the form's error) */
  describedBy?: string;
  invalid?: boolean;
}

type Panel = null | "link" | "video" | "alt";

export default function RichEditor({
  initialContent,
  onChange,
  locked,
  upload,
  labelId,
  describedBy,
  invalid,
}: RichEditorProps) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["mailto"],
          HTMLAttributes: { rel: "noopener noreferrer nofollow", target: null },
          isAllowedUri: (url) => linkHref(url) !== null,
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      VideoEmbed,
      UploadedVideo,
    ],
    content: initialContent || "",
    editorProps: {
      attributes: {
        class: "post-body min-h-72 max-w-none px-4 py-3 focus:outline-none",
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.getHTML()),
  });

  useEffect(() => {
    // without an update event: the body has not changed
    editor?.setEditable(!locked, false);
  }, [editor, locked]);

  // aria attributes that change after the editor was made (the form's error)
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          class: "post-body min-h-72 max-w-none px-4 py-3 focus:outline-none",
          role: "textbox",
          "aria-multiline": "true",
          "aria-labelledby": labelId,
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
          ...(invalid ? { "aria-invalid": "true" } : {}),
        },
      },
    });
  }, [editor, labelId, describedBy, invalid]);

  return (
    <div
      className={`mt-1.5 rounded-lg border bg-white shadow-sm ${invalid ? "border-red-700" : "border-slate-400"}`}
      data-locked={locked ? "true" : undefined}
    >
      {editor ? (
        <Toolbar editor={editor} locked={locked} upload={upload} />
      ) : (
        <div className="h-12 border-b border-slate-200" />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, locked, upload }: { editor: Editor; locked: boolean; upload: RichEditorProps["upload"] }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive("heading", { level: 1 }),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      strike: e.isActive("strike"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      link: e.isActive("link"),
      image: e.isActive("image"),
    }),
  });
  const [panel, setPanel] = useState<Panel>(null);
  /** the picture the alt text panel is about (its address) */
  const [altFor, setAltFor] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const imageInputId = useId();
  const chain = () => editor.chain().focus();

  const toggles: Array<{ label: string; short: string; active: boolean; run: () => void; className?: string }> = [
    { label: "Heading 1", short: "H1", active: state.h1, run: () => chain().toggleHeading({ level: 1 }).run() },
    { label: "Heading 2", short: "H2", active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: "Heading 3", short: "H3", active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: "Bold", short: "B", active: state.bold, run: () => chain().toggleBold().run(), className: "font-bold" },
    { label: "Italic", short: "I", active: state.italic, run: () => chain().toggleItalic().run(), className: "italic" },
    {
      label: "Underline",
      short: "U",
      active: state.underline,
      run: () => chain().toggleUnderline().run(),
      className: "underline",
    },
    {
      label: "Strikethrough",
      short: "S",
      active: state.strike,
      run: () => chain().toggleStrike().run(),
      className: "line-through",
    },
    { label: "Bulleted list", short: "• List", active: state.bulletList, run: () => chain().toggleBulletList().run() },
    {
      label: "Numbered list",
      short: "1. List",
      active: state.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
  ];

  async function onImageChosen(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const url = await upload(file, "image");
    if (!url) return;
    const src = uploadedImageSrc(url);
    editor.setEditable(true, false);
    // at the cursor, with a paragraph after it for the cursor (an image left selected would be replaced
    // by whatever is inserted next). Not through focus(): Tiptap focuses the editor a frame later, which
    // would take the focus back from the alt text field opened below.
    editor
      .chain()
      .insertContent([{ type: "image", attrs: { src } }, { type: "paragraph" }])
      .run();
    // then its alt text, which it needs before the post can be sent
    setAltFor(src);
    setPanel("alt");
  }

  function openAltPanel() {
    if (panel === "alt") {
      setPanel(null);
      return;
    }
    const src = editor.getAttributes("image").src as string | undefined;
    if (!src) return;
    setAltFor(src);
    setPanel("alt");
  }

  const tool =
    "inline-flex min-h-10 min-w-10 items-center justify-center rounded-md px-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 aria-pressed:bg-brand-100 aria-pressed:text-brand-900";

  return (
    <div className="border-b border-slate-200">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-1 p-1.5">
        {toggles.map((t) => (
          <button
            key={t.label}
            type="button"
            className={`${tool} ${t.className ?? ""}`}
            title={t.label}
            aria-pressed={t.active}
            disabled={locked}
            onClick={t.run}
          >
            {/* the name holds the visible text ("H1") and says it in words ("Heading 1") */}
            {t.short}
            <span className="sr-only"> {t.label}</span>
          </button>
        ))}
        <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />
        <button
          type="button"
          className={tool}
          aria-pressed={state.link}
          aria-expanded={panel === "link"}
          disabled={locked}
          onClick={() => setPanel(panel === "link" ? null : "link")}
        >
          Link
        </button>
        <label
          htmlFor={imageInputId}
          className={`${tool} cursor-pointer has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700`}
        >
          Upload image
          <input
            ref={imageInput}
            id={imageInputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            className="sr-only"
            disabled={locked}
            onChange={(e) => void onImageChosen(e)}
          />
        </label>
        <button
          type="button"
          className={tool}
          aria-expanded={panel === "alt"}
          title="The selected picture's description (alt text)"
          disabled={locked || (!state.image && panel !== "alt")}
          onClick={openAltPanel}
        >
          Alt text
        </button>
        <button
          type="button"
          className={tool}
          aria-expanded={panel === "video"}
          disabled={locked}
          onClick={() => setPanel(panel === "video" ? null : "video")}
        >
          Video
        </button>
      </div>
      {panel === "link" ? <LinkPanel editor={editor} close={() => setPanel(null)} /> : null}
      {panel === "alt" && altFor ? (
        <AltPanel key={altFor} editor={editor} src={altFor} close={() => setPanel(null)} />
      ) : null}
      {panel === "video" ? (
        <VideoPanel editor={editor} close={() => setPanel(null)} upload={upload} locked={locked} />
      ) : null}
    </div>
  );
}

function LinkPanel({ editor, close }: { editor: Editor; close: () => void }) {
  const id = useId();
  const { from, to } = editor.state.selection;
  const selected = editor.state.doc.textBetween(from, to, " ");
  const current = (editor.getAttributes("link").href as string | undefined) ?? "";
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);

  function apply() {
    if (value.trim() === "" && !isEmailLike(selected)) {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      close();
      return;
    }
    const href = linkHref(value, selected);
    if (!href) {
      setError("Enter a web address (https://...), a path on this site or an e-mail address.");
      return;
    }
    if (from === to) {
      // no text chosen: the address itself becomes the linked text
      const text = href.replace(/^mailto:/, "");
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text, marks: [{ type: "link", attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
    }
    close();
  }

  return (
    <InlinePanel
      id={id}
      label="Link address"
      hint={
        isEmailLike(selected)
          ? "The selected text is an e-mail address: leave this empty to link it with mailto:."
          : "A web address, a path on this site, or an e-mail address. Empty removes the link."
      }
      value={value}
      setValue={(v) => {
        setValue(v);
        setError(null);
      }}
      error={error}
      onApply={apply}
      onCancel={close}
      applyLabel="Apply link"
    />
  );
}

/** The alt text of one picture: asked right after its upload, or for the selected picture. */
function AltPanel({ editor, src, close }: { editor: Editor; src: string; close: () => void }) {
  const id = useId();
  const current = useMemo(() => {
    let alt = "";
    editor.state.doc.descendants((node) => {
      if (node.type.name === "image" && node.attrs.src === src && typeof node.attrs.alt === "string")
        alt = node.attrs.alt;
    });
    return alt;
  }, [editor, src]);
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);

  function apply() {
    const alt = value.replace(/\s+/g, " ").trim();
    if (alt === "") {
      setError(AUTHORING_MESSAGES.altEmpty);
      return;
    }
    setAltText(editor, src, alt);
    editor.commands.focus();
    close();
  }

  return (
    <InlinePanel
      id={id}
      label="Alt text: describe the picture"
      hint="Required for an uploaded picture: what it shows, in a few words. It is read aloud to readers who cannot see it, and shown when it cannot load."
      value={value}
      setValue={(v) => {
        setValue(v);
        setError(null);
      }}
      error={error}
      onApply={apply}
      onCancel={() => {
        editor.commands.focus();
        close();
      }}
      applyLabel="Save alt text"
      inputMode="text"
      maxLength={ALT_MAX}
    />
  );
}

function VideoPanel({
  editor,
  close,
  upload,
  locked,
}: {
  editor: Editor;
  close: () => void;
  upload: RichEditorProps["upload"];
  locked: boolean;
}) {
  const id = useId();
  const fileId = useId();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function onVideoChosen(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    // the page shows the progress (the editor read-only, Send off) and says why a refusal happened
    const url = await upload(file, "video");
    if (!url) return;
    const src = uploadedVideoPath(url);
    if (!src) {
      setError("The upload did not give back a video on this site.");
      return;
    }
    editor.setEditable(true, false);
    editor.chain().focus().setUploadedVideo({ src }).run();
    close();
  }

  function apply() {
    const src = toEmbedUrl(value);
    if (!src) {
      setError(AUTHORING_MESSAGES.badVideoLink);
      return;
    }
    editor.chain().focus().setVideoEmbed({ src }).run();
    close();
  }
  return (
    <>
      <div className="border-t border-slate-200 bg-slate-50 px-3 pt-3">
        <label
          htmlFor={fileId}
          className={`${buttonClass("secondary", "sm")} cursor-pointer has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700`}
        >
          Upload a video
          <input
            id={fileId}
            type="file"
            accept="video/mp4,video/webm"
            className="sr-only"
            aria-describedby={`${fileId}-hint`}
            disabled={locked}
            onChange={(e) => void onVideoChosen(e)}
          />
        </label>
        <p id={`${fileId}-hint`} className="mt-1 text-sm text-slate-600">
          An MP4 or WebM file, played in the post. Or link to a video on YouTube or Vimeo:
        </p>
      </div>
      <InlinePanel
        id={id}
        label="Video link (YouTube or Vimeo)"
        hint="For example https://www.youtube.com/watch?v=... or https://vimeo.com/... The video is shown in the post."
        value={value}
        setValue={(v) => {
          setValue(v);
          setError(null);
        }}
        error={error}
        onApply={apply}
        onCancel={close}
        applyLabel="Insert video"
      />
    </>
  );
}

function InlinePanel(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  setValue: (v: string) => void;
  error: string | null;
  onApply: () => void;
  onCancel: () => void;
  applyLabel: string;
  /** what the field holds: an address (the default) or words */
  inputMode?: "url" | "text";
  maxLength?: number;
}) {
  const {
    id,
    label,
    hint,
    value,
    setValue,
    error,
    onApply,
    onCancel,
    applyLabel,
    inputMode = "url",
    maxLength,
  } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  // the panel opens from a toolbar button: the address field takes the focus
  useEffect(() => inputRef.current?.focus(), []);
  return (
    <div className="border-t border-slate-200 bg-slate-50 p-3">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={id}
          type="text"
          inputMode={inputMode}
          maxLength={maxLength}
          value={value}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              onApply();
            } else if (e.key === "Escape") {
              e.preventDefault();
              onCancel();
            }
          }}
          className="min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base"
        />
        <button type="button" className={buttonClass("primary", "sm")} onClick={onApply}>
          {applyLabel}
        </button>
        <button type="button" className={buttonClass("ghost", "sm")} onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
