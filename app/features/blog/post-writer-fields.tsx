// The post writer's fields around the editor (post-writer.tsx holds them in its form, with their state):
// the cover image, the title, the category, the short description, and an upload's progress.
import { BLOG_MESSAGES } from "../../../contract/blog/blog-texts.ts";
import { POST_DESC_MAX, POST_TITLE_MAX } from "../../../contract/blog/post-authoring-texts.ts";
import { mediaUrl } from "../../../contract/lib/media-urls.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { controlClass } from "../../components/ui/form.tsx";
import type { Upload } from "./use-post-writer.ts";

/** The cover: its preview, a file input dressed as a button, and its removal (none while an upload runs). */
export function CoverField({
  id,
  img,
  locked,
  onChosen,
  onRemove,
}: {
  id: string;
  img: string;
  locked: boolean;
  onChosen: (event: React.ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}) {
  return (
    <div>
      <p className="font-semibold text-slate-900">
        Cover image <span className="font-normal text-slate-600">(optional)</span>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        {img ? (
          <img
            src={mediaUrl(img, { w: 320, h: 180 })}
            alt="Cover preview"
            width={160}
            height={90}
            className="h-[90px] w-[160px] rounded-lg border border-slate-200 object-cover"
          />
        ) : null}
        <label
          htmlFor={id}
          className={buttonClass(
            "secondary",
            "md",
            "cursor-pointer has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700",
          )}
        >
          {img ? "Change the cover image" : "Add a cover image"}
          <input
            id={id}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            className="sr-only"
            disabled={locked}
            onChange={onChosen}
          />
        </label>
        {img ? (
          <Button type="button" variant="ghost" disabled={locked} onClick={onRemove}>
            Remove the cover image
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The title; marked invalid while Send's "required" error stands and it is still empty. */
export function TitleField({
  id,
  value,
  onChange,
  requiredError,
  errorId,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Send refused for a missing title or body */
  requiredError: boolean;
  /** the form error's element */
  errorId: string;
}) {
  const invalid = requiredError && value.trim() === "";
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        Title
      </label>
      <input
        id={id}
        name="title"
        type="text"
        maxLength={POST_TITLE_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={requiredError ? errorId : undefined}
        className={controlClass("page", invalid)}
      />
    </div>
  );
}

/** The category (none to choose when the list could not be read or is empty), and the post's others, kept. */
export function CategoryField({
  id,
  categories,
  value,
  onChange,
  moreCategories,
}: {
  id: string;
  categories: string[] | null;
  value: string;
  onChange: (value: string) => void;
  /** an edited post's categories after the first */
  moreCategories: string[] | undefined;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        Category
      </label>
      {categories === null ? (
        <p className="mt-1.5 text-sm font-semibold text-red-700">{BLOG_MESSAGES.errorCategories}</p>
      ) : categories.length === 0 ? (
        <p className="mt-1.5 text-sm text-slate-600">{BLOG_MESSAGES.noCategories}</p>
      ) : null}
      <select
        id={id}
        name="category"
        value={value}
        disabled={!categories || categories.length === 0}
        onChange={(e) => onChange(e.target.value)}
        className={controlClass("page")}
      >
        <option value="">{categories && categories.length > 0 ? "Choose a category" : "No category"}</option>
        {(categories ?? []).map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      {moreCategories && moreCategories.length > 0 ? (
        <p className="mt-1.5 text-sm text-slate-600">Also in: {moreCategories.join(", ")} (kept)</p>
      ) : null}
    </div>
  );
}

export function DescriptionField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        Short description <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <textarea
        id={id}
        name="desc"
        rows={3}
        maxLength={POST_DESC_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={controlClass("page", false, "resize-y")}
      />
    </div>
  );
}

/** What is being uploaded, and how far it is. */
export function UploadProgress({ id, upload }: { id: string; upload: Upload }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {upload.what === "cover"
          ? "Uploading the cover image"
          : upload.what === "video"
            ? "Uploading the video"
            : "Uploading the image"}
        : {upload.percent}%
      </label>
      <progress
        id={id}
        max={100}
        value={upload.percent}
        className="mt-1 block h-2 w-full overflow-hidden rounded-full accent-brand-700"
      />
    </div>
  );
}
