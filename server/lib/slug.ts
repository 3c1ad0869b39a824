// Readable URL slugs from titles (spec public-area §2 "/{slug} (a single post)"): lower-case ASCII
// letters and digits joined by single hyphens, accents stripped, at most SLUG_MAX characters, never
// empty. Uniqueness is the caller's business (posts.slug is unique in the database).

export const SLUG_MAX = 80;
/** What an all-symbol title (or an empty one) becomes. */
export const SLUG_FALLBACK = "post";

/** Letters that Unicode does not decompose into an ASCII letter plus accents. */
const LETTERS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
  ŋ: "n",
  ɛ: "e",
  ɔ: "o",
};

export function slugify(text: string, max: number = SLUG_MAX): string {
  const slug = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "") // combining accents
    .toLowerCase()
    .replace(/[ßæœøđðþłıŋɛɔ]/g, (c) => LETTERS[c]!)
    .replace(/['’‘`]/g, "") // "Africa's" → "africas", not "africa-s"
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const limit = Math.max(1, max);
  let cut = slug;
  if (slug.length > limit) {
    cut = slug.slice(0, limit);
    // end on a whole word when there is one to end on
    const lastHyphen = cut.lastIndexOf("-");
    if (slug[limit] !== "-" && lastHyphen > 0) cut = cut.slice(0, lastHyphen);
    cut = cut.replace(/-+$/, "");
  }
  return cut === "" ? SLUG_FALLBACK.slice(0, limit) : cut;
}
