// What a file really is, from its first bytes: never from its name or the type the browser claims
// (issue 8 "Images"; decision 014). Images are then decoded by sharp; videos are known by their
// container's signature only (MP4: an `ftyp` box first; WebM: an EBML header whose DocType is webm).

export type MediaKind =
  | { type: "image"; ext: "png" | "jpg" | "webp" | "gif" | "avif"; contentType: string }
  | { type: "video"; ext: "mp4" | "webm"; contentType: string };

/** ISO base media brands of still images that are not AVIF (HEIC): refused, not taken for MP4. */
const NON_VIDEO_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "qt  ", "crx "]);

export function sniffMedia(bytes: Uint8Array): MediaKind | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(1, 8) === "PNG\r\n\x1a\n") {
    return { type: "image", ext: "png", contentType: "image/png" };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { type: "image", ext: "jpg", contentType: "image/jpeg" };
  }
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") {
    return { type: "image", ext: "webp", contentType: "image/webp" };
  }
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) {
    return { type: "image", ext: "gif", contentType: "image/gif" };
  }
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp") {
    const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    if (boxSize < 12 || boxSize > bytes.length) return null;
    const brand = ascii(8, 12);
    if (brand === "avif" || brand === "avis") return { type: "image", ext: "avif", contentType: "image/avif" };
    if (NON_VIDEO_BRANDS.has(brand) || !/^[\x20-\x7e]{4}$/.test(brand)) return null;
    return { type: "video", ext: "mp4", contentType: "video/mp4" };
  }
  if (bytes.length >= 8 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    // The EBML header is short: its DocType element (0x4282) names the format within the first bytes.
    const header = Buffer.from(bytes.subarray(0, 64));
    const docType = header.indexOf(Buffer.from([0x42, 0x82]));
    if (docType > 0 && header.subarray(docType + 3, docType + 7).toString("latin1") === "webm") {
      return { type: "video", ext: "webm", contentType: "video/webm" };
    }
  }
  return null;
}
