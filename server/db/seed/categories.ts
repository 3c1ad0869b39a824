// The four seeded categories (spec public-area intro: coding, graphic design, cybersecurity, video
// editing), shared by the course seed and the blog seed.
export const CATEGORY_NAMES = ["Coding", "Graphic Design", "Cybersecurity", "Video editing"] as const;

export type Category = (typeof CATEGORY_NAMES)[number];
