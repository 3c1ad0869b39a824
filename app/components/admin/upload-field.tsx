// An admin form's picture or video field: an address, or an upload through the media pipeline (decision
// 014, 029). Used by the declared-resource screens and the course manager.
import { useRef, useState } from "react";
import { UploadError, uploadFile } from "../../lib/upload.ts";
import { Field, FileField, TextareaField } from "../ui/form.tsx";
import { MediaImage } from "../ui/media-image.tsx";

/**
 * An address field with an upload beside it (admin forms "accept both an upload and an external URL",
 * architecture "Media"). With JavaScript the file goes up at once, with its progress, and its address
 * fills the field; without, the file is posted with the form and the action uploads it.
 */
export function AddressWithUpload({
  kind,
  uploadName,
  onUploading,
  ...common
}: {
  kind: "image" | "video";
  /** the file input's name, posted with the form without JavaScript (contract/admin/admin-resource.ts uploadFieldOf) */
  uploadName: string;
  onUploading: (busy: boolean) => void;
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  maxLength: number;
  defaultValue: string;
  requiredMark?: boolean;
  optional?: boolean;
  autoComplete: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState(common.defaultValue);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const video = kind === "video";

  async function upload(event: React.ChangeEvent<HTMLInputElement>) {
    const picker = event.currentTarget;
    const file = picker.files?.[0];
    if (!file) return;
    setProblem(null);
    setProgress(0);
    onUploading(true);
    try {
      const path = await uploadFile(file, setProgress);
      if (inputRef.current) inputRef.current.value = path;
      setAddress(path);
    } catch (error) {
      setProblem(`Image upload failed! ${error instanceof UploadError ? error.message : ""}`.trim());
    } finally {
      // uploaded (or refused) already: the file is not posted again with the form
      picker.value = "";
      setProgress(null);
      onUploading(false);
    }
  }

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-3">
      <Field
        {...common}
        inputRef={inputRef}
        type="text"
        inputMode="url"
        onChange={(e) => setAddress(e.currentTarget.value)}
      />
      <FileField
        id={`${common.id}-file`}
        name={uploadName}
        label={video ? `Or upload a video (MP4 or WebM)` : `Or upload a picture`}
        accept={video ? "video/mp4,video/webm" : "image/jpeg,image/png,image/webp,image/gif,image/avif"}
        error={problem ?? undefined}
        onChange={upload}
      />
      <p role="status" className="text-sm text-slate-600">
        {progress !== null ? `Uploading… ${progress}%` : ""}
      </p>
      {!video && address ? (
        <MediaImage
          src={address}
          alt=""
          width={160}
          height={90}
          widths={[160, 320]}
          sizes="160px"
          className="rounded-md"
        />
      ) : null}
    </div>
  );
}

/**
 * A list of picture addresses, one a line (an event's photos), with an upload that adds one: with
 * JavaScript the file goes up at once and its address joins the list; without, the file is posted
 * with the form and the action adds its address.
 */
export function AddressesWithUpload({
  uploadName,
  onUploading,
  ...common
}: {
  uploadName: string;
  onUploading: (busy: boolean) => void;
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  maxLength: number;
  defaultValue: string;
  requiredMark?: boolean;
  autoComplete: string;
}) {
  const listRef = useRef<HTMLTextAreaElement>(null);
  const [addresses, setAddresses] = useState(() => common.defaultValue.split("\n").filter((l) => l.trim()));
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(event: React.ChangeEvent<HTMLInputElement>) {
    const picker = event.currentTarget;
    const file = picker.files?.[0];
    if (!file) return;
    setProblem(null);
    setProgress(0);
    onUploading(true);
    try {
      const path = await uploadFile(file, setProgress);
      const list = listRef.current;
      if (list) {
        list.value = [...list.value.split("\n").filter((l) => l.trim()), path].join("\n");
        setAddresses(list.value.split("\n").filter((l) => l.trim()));
      }
    } catch (error) {
      setProblem(`Image upload failed! ${error instanceof UploadError ? error.message : ""}`.trim());
    } finally {
      picker.value = "";
      setProgress(null);
      onUploading(false);
    }
  }

  const { defaultValue, ...rest } = common;
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-3">
      <TextareaField
        {...rest}
        textareaRef={listRef}
        rows={Math.min(8, Math.max(3, addresses.length + 1))}
        defaultValue={defaultValue}
        spellCheck={false}
        onChange={(e) => setAddresses(e.currentTarget.value.split("\n").filter((l) => l.trim()))}
      />
      <FileField
        id={`${common.id}-file`}
        name={uploadName}
        label="Or upload a picture to add"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        error={problem ?? undefined}
        onChange={upload}
      />
      <p role="status" className="text-sm text-slate-600">
        {progress !== null ? `Uploading… ${progress}%` : ""}
      </p>
      {addresses.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={`${common.label}: previews`}>
          {addresses.slice(0, 20).map((src, i) => (
            <li key={`${i}:${src}`}>
              <MediaImage src={src} alt="" width={96} height={54} widths={[96, 192]} sizes="96px" className="rounded" />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
