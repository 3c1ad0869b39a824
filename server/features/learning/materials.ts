// TEMP (uncommitted): replaced by the helper's module
import { Invalid } from "../../lib/errors.ts";
export function checkMaterial(bytes: Uint8Array, fileName: string) {
  const ext = fileName.toLowerCase().split(".").pop() ?? "";
  if (ext === "pdf" && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-")
    return { contentType: "application/pdf", ext };
  throw Invalid("Not an allowed file");
}
