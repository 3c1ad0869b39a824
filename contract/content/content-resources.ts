// The admin declarations of home and about content (admin-back-office §2, §3, §5, §8; issue 16;
// decisions 029, 071): one per list, and the hero, listed in CONTENT_RESOURCES at the end, which
// contract/admin/resources.ts puts in the one registry. No zod here: the admin pages import these up front.
import type { ResourceSpec } from "../admin/admin-resource.ts";

const URL_MAX = 2048;
const IMAGE_HINT = "Upload a picture, or give its address (https://… or /media/…).";

export const CAROUSEL: ResourceSpec<"title" | "description" | "image", "carousel"> = {
  key: "carousel",
  adminPath: "/admin/home",
  scope: "home",
  nav: "homePage",
  operationNoun: "CarouselSlide",
  fields: [
    { name: "title", label: "Title", kind: "text", max: 120 },
    { name: "description", label: "Description", kind: "textarea", max: 500 },
    { name: "image", label: "Image", kind: "image", max: URL_MAX, hint: IMAGE_HINT },
  ],
  list: { title: "title", preview: "description" },
  ordered: true,
  // spec admin §5 "Carousel: ... on delete the id must be a string of at least 24 characters"
  idMinLength: 24,
  invalidId: "Invalid item ID",
  texts: {
    one: "carousel item",
    many: "Carousel items",
    title: "Admin Dashboard - Carousel",
    lead: "The slides at the top of the home page, in the order shown here.",
    added: "Item added successfully",
    updated: "Item updated successfully",
    deleted: "Item deleted successfully",
    addFailed: (m) => `Failed to add item: ${m}`,
    updateFailed: (m) => `Failed to update item: ${m}`,
    deleteFailed: (m) => `Failed to delete item: ${m}`,
    confirmDelete: () => "Are you sure you want to delete this carousel item?",
    empty: "No carousel items yet.",
    notFound: "Carousel item not found",
    add: "Add Item",
    update: "Update Item",
    moved: "Carousel order saved",
  },
};

export const BLOG_TEASERS: ResourceSpec<"headline" | "description" | "image", "blogTeasers"> = {
  key: "blogTeasers",
  adminPath: "/admin/blog-teasers",
  scope: "home",
  nav: "homePage",
  fields: [
    { name: "headline", label: "Headline", kind: "text", required: true, max: 150 },
    { name: "description", label: "Description", kind: "textarea", required: true, max: 500 },
    { name: "image", label: "Image", kind: "image", required: true, max: URL_MAX, hint: IMAGE_HINT },
  ],
  list: { title: "headline", preview: "description" },
  ordered: false,
  texts: {
    one: "blog teaser",
    many: "Blog teasers",
    title: "Blog Teasers",
    lead: "The blog teasers on the home page.",
    added: "Blog teaser saved successfully",
    updated: "Blog teaser saved successfully",
    deleted: "Blog teaser deleted successfully",
    addFailed: (m) => `Failed to save blog teaser: ${m}`,
    updateFailed: (m) => `Failed to save blog teaser: ${m}`,
    deleteFailed: (m) => `Failed to delete blog teaser: ${m}`,
    required: "All fields are required",
    confirmDelete: () => "Are you sure you want to delete this blog teaser?",
    empty: "No blog teasers yet.",
    notFound: "Blog teaser not found",
    add: "Add Blog Teaser",
    update: "Update Blog Teaser",
    moved: "Order saved",
  },
};

export const INSTRUCTOR_CTAS: ResourceSpec<
  "title" | "description" | "image" | "buttonText" | "buttonLink",
  "instructorCTAs"
> = {
  key: "instructorCTAs",
  adminPath: "/admin/instructor-ctas",
  scope: "home",
  nav: "homePage",
  operationNoun: "InstructorCta",
  fields: [
    { name: "title", label: "Title", kind: "text", required: true, max: 120 },
    { name: "description", label: "Description", kind: "textarea", required: true, max: 500 },
    { name: "image", label: "Image", kind: "image", required: true, max: URL_MAX, hint: IMAGE_HINT },
    { name: "buttonText", label: "Button text", kind: "text", required: true, max: 60 },
    {
      name: "buttonLink",
      label: "Button link",
      kind: "link",
      required: true,
      max: URL_MAX,
      hint: "A page of this site (/courses) or a web address (https://…).",
    },
  ],
  list: { title: "title", preview: "description" },
  ordered: false,
  texts: {
    one: "instructor call to action",
    many: "Instructor calls to action",
    title: "Instructor Calls to Action",
    lead: "The calls to teach with us on the home page.",
    added: "Instructor CTA saved successfully",
    updated: "Instructor CTA saved successfully",
    deleted: "Instructor CTA deleted successfully",
    addFailed: (m) => `Failed to save instructor CTA: ${m}`,
    updateFailed: (m) => `Failed to save instructor CTA: ${m}`,
    deleteFailed: (m) => `Failed to delete instructor CTA: ${m}`,
    required: "All fields are required",
    confirmDelete: () => "Are you sure you want to delete this instructor CTA?",
    empty: "No instructor calls to action yet.",
    notFound: "Instructor CTA not found",
    add: "Add Instructor CTA",
    update: "Update Instructor CTA",
    moved: "Order saved",
  },
};

export const FAQS: ResourceSpec<"question" | "answer", "faqs"> = {
  key: "faqs",
  adminPath: "/admin/faqs",
  scope: "home",
  nav: "homePage",
  fields: [
    { name: "question", label: "Question", kind: "text", required: true, max: 300 },
    { name: "answer", label: "Answer", kind: "textarea", required: true, max: 3000 },
  ],
  list: { title: "question", preview: "answer" },
  ordered: true,
  texts: {
    one: "FAQ",
    many: "FAQs",
    title: "FAQs",
    lead: "The questions and answers on the home page, in the order shown here.",
    added: "FAQ saved successfully",
    updated: "FAQ saved successfully",
    deleted: "FAQ deleted successfully",
    addFailed: (m) => `Failed to save FAQ: ${m}`,
    updateFailed: (m) => `Failed to save FAQ: ${m}`,
    deleteFailed: (m) => `Failed to delete FAQ: ${m}`,
    required: "Question and answer are required",
    confirmDelete: () => "Are you sure you want to delete this FAQ?",
    empty: "No FAQs yet.",
    notFound: "FAQ not found",
    add: "Add FAQ",
    update: "Update FAQ",
    moved: "FAQ order saved",
  },
};

export const EXPERTS: ResourceSpec<"name" | "role" | "expertise" | "img", "experts"> = {
  key: "experts",
  adminPath: "/admin/about",
  scope: "about",
  nav: "about",
  auditName: "Experts",
  fields: [
    { name: "name", label: "Name", kind: "text", max: 100 },
    { name: "role", label: "Role", kind: "text", max: 100 },
    { name: "expertise", label: "Expertise", kind: "text", max: 300 },
    { name: "img", label: "Image", kind: "image", max: URL_MAX, hint: IMAGE_HINT },
  ],
  list: { title: "name", preview: "role" },
  ordered: true,
  texts: {
    one: "expert",
    many: "Manage Experts",
    title: "Experts",
    lead: "The experts on the about page, in the order shown here.",
    added: "Expert added!",
    updated: "Expert updated!",
    deleted: "Expert deleted!",
    // spec admin §8: hero and expert failures are only logged; we show them (issue 16)
    addFailed: (m) => `Failed to add expert: ${m}`,
    updateFailed: (m) => `Failed to update expert: ${m}`,
    deleteFailed: (m) => `Failed to delete expert: ${m}`,
    confirmDelete: () => "Are you sure you want to delete this expert?",
    empty: "No experts available.",
    notFound: "Expert not found",
    add: "Add Expert",
    update: "Update Expert",
    moved: "Experts' order saved",
  },
};

/** The about page's single hero (spec admin §2 "Hero and experts panel"): saved, or blanked by Delete Hero. */
export const HERO: ResourceSpec<"title" | "subtitle" | "videoUrl" | "buttonText" | "buttonLink", "hero"> = {
  key: "hero",
  adminPath: "/admin/about",
  scope: "about",
  nav: "about",
  auditName: "About page hero",
  single: true,
  fields: [
    { name: "title", label: "Title", kind: "text", max: 160 },
    { name: "subtitle", label: "Subtitle", kind: "textarea", max: 500 },
    {
      name: "videoUrl",
      label: "Video URL",
      kind: "video",
      max: URL_MAX,
      hint: "An uploaded MP4 or WebM, or a YouTube or Vimeo link. Blank: no video.",
    },
    { name: "buttonText", label: "Button text", kind: "text", max: 60 },
    {
      name: "buttonLink",
      label: "Button link",
      kind: "link",
      max: URL_MAX,
      hint: "A page of this site (/courses) or a web address (https://…).",
    },
  ],
  list: { title: "title" },
  ordered: false,
  texts: {
    one: "hero",
    many: "Hero",
    title: "Hero",
    lead: "The banner at the top of the about page. Blank fields show the page's defaults.",
    added: "Hero updated!",
    updated: "Hero updated!",
    deleted: "Hero deleted!",
    addFailed: (m) => `Failed to update hero: ${m}`,
    updateFailed: (m) => `Failed to update hero: ${m}`,
    deleteFailed: (m) => `Failed to delete hero: ${m}`,
    confirmDelete: () => "Are you sure you want to delete the Hero section?",
    empty: "",
    notFound: "Hero not found",
    add: "Update Hero",
    update: "Update Hero",
    moved: "",
  },
};

/** This module's resources, in the order their screens show them (the hero above the experts). */
export const CONTENT_RESOURCES = [CAROUSEL, BLOG_TEASERS, INSTRUCTOR_CTAS, FAQS, HERO, EXPERTS] as const;
