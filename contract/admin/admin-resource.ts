// A declared admin resource (architecture "Admin resources (declared)", issue 16; decision 029): what an
// admin list of simple records is, said once. The declaration names the API path, the admin screen, the
// fields with their labels and limits, the list's columns, whether the admins order it, and the spec's
// texts (admin-back-office §8). From it come the input schema below (server and browser), the API
// operations and the audited service (server/features/admin/resource.ts) and the admin screen
// (app/components/admin/resource-screen.tsx). Plain data, no zod: admin pages import it up front; the
// schemas are in ./admin-resource-schema.ts, which the browser loads only when a form is used.

import type { z } from "zod";

/**
 * How a field is edited and checked: `image`, `video` and `link` hold addresses (isAdminUrl); `images`
 * a list of picture addresses, one a line (an upload adds one); `datetime` a Lagos wall-clock time as a
 * `datetime-local` input gives it ("2030-03-14T16:00"); `checkbox` "yes" or "" (issue 18).
 */
export type FieldKind = "text" | "textarea" | "image" | "video" | "link" | "images" | "datetime" | "checkbox";

export interface ResourceField<N extends string = string> {
  name: N;
  label: string;
  kind: FieldKind;
  /** the spec's required fields (admin §5); the others may be left blank */
  required?: boolean;
  /** characters, after trimming */
  max: number;
  hint?: string;
  /** one line: no control character at all, tabs and line breaks included (a name) */
  oneLine?: boolean;
  /** a `link` that must be https:// (an event's streaming link) */
  httpsOnly?: boolean;
  /** an `images` list's most lines */
  maxItems?: number;
  /** the field's own messages (where the spec quotes them) instead of the kit's */
  messages?: { required?: string; tooLong?: string; control?: string };
}

export interface ResourceTexts {
  /** "FAQ": the audit log and the screen's own words ("Edit FAQ …") */
  one: string;
  /** the list's heading, e.g. "FAQs" */
  many: string;
  /** the section or page heading */
  title: string;
  /** what the screen says about itself, under its heading */
  lead: string;
  /** spec admin §8 successes */
  added: string;
  updated: string;
  deleted: string;
  /** spec admin §8 failures: the server's message after the prefix */
  addFailed: (message: string) => string;
  updateFailed: (message: string) => string;
  deleteFailed: (message: string) => string;
  /** spec admin §5: one message for any missing required field ('All fields are required') */
  required?: string;
  /** the question before a delete */
  confirmDelete: (label: string) => string;
  /** the list's empty state */
  empty: string;
  /** a missing id (404) */
  notFound: string;
  /** the submit button while adding / while editing (spec admin §4: "from Add to Update") */
  add: string;
  update: string;
  /** moving one item in an ordered list */
  moved: string;
  /** the delete button's word ("Remove"); "Delete" when absent */
  deleteLabel?: string;
  /**
   * An item whose delete the server refuses (a category in use): its button is muted and described by
   * `note` ("In use by 3 courses"); a click says `message` (the server's refusal, word for word) without
   * asking the server, and without JavaScript the action answers it instead of the question.
   */
  deleteRefused?: (item: Readonly<Record<string, unknown>>) => { note: string; message: string } | undefined;
  /** said while the list loads again (after a write, another page) */
  loading?: string;
  /** the list could not be read: the reason is the refusal's message, or none (the cause is only logged) */
  loadFailed?: (reason: string | undefined) => string;
}

/** A column of the list after the title and the preview: a figure the service adds to each item. */
export interface ResourceColumn {
  key: string;
  header: string;
  cell: (item: Readonly<Record<string, unknown>>) => string;
  alignEnd?: boolean;
}

/**
 * The public pages a resource's items are shown on (decision 044): its writes move this content version
 * (server/db/content-version.ts ContentScope), and its public list, GET /api/{key}, is cached with them.
 */
export type ResourceScope = "home" | "about" | "events" | "categories";

export interface ResourceSpec<N extends string = string, K extends string = string> {
  /** the API's collection name, the audit log's resource and the screen's form tag: /api/{key} */
  key: K;
  /**
   * where its admin screen lives: a screen that shows several resources (/admin/home), or, when no page
   * of app/pages.ts is at that address, a screen of its own made by the kit (app/routes/admin/resource.tsx)
   */
  adminPath: string;
  /** the pages that show it (its content version and its public list's cache family) */
  scope: ResourceScope;
  /**
   * the admin navigation entry it belongs to (app/components/admin/admin-nav.ts): that entry stays
   * marked on its screen, and the entry's own screen shows it as a section (/admin/home's four lists)
   */
  nav: string;
  /**
   * the noun of its operation ids (list{noun}s, list{noun}sForAdmin, create{noun}, update{noun},
   * delete{noun}, move{noun}) when the key's singular, capitalised, is not it: "CarouselSlide"
   */
  operationNoun?: string;
  /** the audit log's word for the resource when it is not `texts.many` (a heading like "Manage Experts") */
  auditName?: string;
  fields: ReadonlyArray<ResourceField<N>>;
  /**
   * the list's columns: the title field, a field shown as its first PREVIEW_LENGTH characters, and
   * figures of the service's own (a category's courses and posts)
   */
  list: { title: N; preview?: N; columns?: ReadonlyArray<ResourceColumn> };
  /** the admins order the items (moved up and down), and the public pages follow that order */
  ordered: boolean;
  /** one record, no list (the about page's hero): saved over, and blanked by its Delete */
  single?: boolean;
  /** items are added and deleted, never edited nor moved (categories: courses and posts hold the name) */
  addOnly?: boolean;
  /** an item's own page (an event's detail, /admin/event/{id}): the list's rows link to it */
  viewHref?: (id: string) => string;
  /** spec admin §5 (carousel): an id shorter than this is refused with `texts.invalidId` before any call */
  idMinLength?: number;
  invalidId?: string;
  texts: ResourceTexts;
}

/** The texts of editing, which an add-only list never shows. */
export const NO_EDIT_TEXTS = {
  update: "",
  updated: "",
  updateFailed: (message: string) => message,
  moved: "",
} satisfies Partial<ResourceTexts>;

/** An item as the API answers it: `_id` and every declared field (spec admin §3). */
export type ResourceItem<N extends string> = { _id: string } & Record<N, string>;

/** The admin list's page size (spec admin §9: "Page sizes ... for admin lists: not shown"; decision 029). */
export const RESOURCE_PAGE_SIZE = 25;

/** spec admin §9 "List preview length: 50 characters followed by an ellipsis". */
export const PREVIEW_LENGTH = 50;

/** The first 50 characters and an ellipsis (the whole text when it is not longer). */
export function previewOf(text: string): string {
  const chars = [...text];
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH).join("")}...` : text;
}

// ---------------------------------------------------------------------------------------------------
// Addresses entered by admins (issue 16: "https:/http: or our own /media/… or a site path; never
// javascript: or data:")

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\s\\]/;

/**
 * An address an admin may give an image, a video or a button: an absolute http(s) URL with a host, or
 * a path of this site (/courses, /media/uploads/…), never protocol-relative (`//evil`, `/\evil`), never
 * another scheme (javascript:, data:, vbscript:), never with spaces, backslashes or control characters.
 */
export function isAdminUrl(value: string): boolean {
  if (value.length === 0 || CONTROL.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0 && !url.username;
  } catch {
    return false;
  }
}

/** The message of a refused address. */
export const URL_MESSAGE = (label: string) => `${label} must be a web address (https://…) or a path on this site (/…)`;

/** An https address with a host (a streaming link: it leaves the site, in e-mails, so never http:). */
export function isHttpsUrl(value: string): boolean {
  return /^https:\/\//i.test(value) && isAdminUrl(value);
}

export const HTTPS_MESSAGE = (label: string) => `${label} must be an https:// address`;

/** The lines of an `images` field: trimmed, blank lines dropped. */
export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

/** The query parameter of a section's page: `page` on a screen of one list, `{key}Page` beside others. */
export const pageParamOf = (key: string, alone: boolean) => (alone ? "page" : `${key}Page`);

/** True when a screen shows one list only (a single record, the hero, is no list). */
export const isOnlyList = (specs: ReadonlyArray<Pick<ResourceSpec, "single">>) =>
  specs.filter((s) => !s.single).length === 1;

/** The upload field that goes with an image or video field (its file posted without JavaScript). */
export const uploadFieldOf = (name: string) => `${name}File`;

// ---------------------------------------------------------------------------------------------------
// A screen on a service of its own (issue 30: a service adapter; the coupons): an add form, a table
// whose row is edited in place (`?edit=<id>`), row actions (a toggle, a detail link, Delete after a
// question). The declaration says the fields and the words; app/lib/adapted-resource.server.ts answers
// its forms on the action kernel, app/components/admin/adapted-table.tsx and adapted-form.tsx show it.

/** How a field of an adapted screen is typed: text, a whole number, one of the options, a Lagos time. */
export type FormFieldKind = "text" | "number" | "select" | "datetime";

export interface FormField<N extends string = string> {
  name: N;
  label: string;
  kind: FormFieldKind;
  /** the add form's input id; its error is `{id}-error` */
  id: string;
  hint?: string;
  /** the add form marks it required, or says "(optional)" */
  requiredMark?: boolean;
  optional?: boolean;
  /** kept in upper case as it is typed (a code) */
  upper?: boolean;
  maxLength?: number;
  /** a select's first option, the value "" */
  none?: string;
  /** a select's option for a row's value no longer among the options (a deleted course) */
  missing?: string;
  /** in the edited row: the input's least width (a class), its placeholder, whether it is required */
  inline: { width: string; placeholder?: string; required?: boolean };
}

/** The words of an adapted screen; `(name)` is a row's name (a coupon's code). */
export interface AdaptedTexts {
  addTitle: string;
  add: string;
  adding: string;
  /** the edited row's form */
  editForm: (name: string) => string;
  created: (name: string) => string;
  saved: (name: string) => string;
  /** the toggle's successes: turned on, turned off */
  turnedOn: (name: string) => string;
  turnedOff: (name: string) => string;
  /** a failed add or save: the prefix of the server's message, or of `checkFields` */
  createFailed: string;
  saveFailed: string;
  checkFields: string;
  /** a failed toggle or delete: the prefix of the server's message */
  toggleFailed: string;
  deleteFailed: string;
  deleted: string;
  confirmDelete: string;
  empty: string;
}

/**
 * A column of an adapted list: its heading; `field`, the input the edited row shows there (filled with
 * `edit`, else the row's value as text); `text`, the cell as text, unless the screen gives a cell of its own.
 */
export interface AdaptedColumn<N extends string, T> {
  key: string;
  header: string;
  field?: N;
  rowHeader?: boolean;
  alignEnd?: boolean;
  /** the whole width of the card on phones (a cell of long text) */
  wide?: boolean;
  text?: (row: T) => string;
  edit?: (row: T) => string;
}

export interface AdaptedSpec<N extends string = string, T extends { _id: string } = { _id: string }> {
  /** the forms' tag (intents `{key}.create`, `.save`, `.toggle`, `.delete`) and the elements' ids (`{key}-…`) */
  key: string;
  fields: ReadonlyArray<FormField<N>>;
  /** the row's field that names it, posted with its Delete (a coupon's `code`) */
  nameField: N;
  /** the list's columns, in order */
  columns: ReadonlyArray<AdaptedColumn<N, T>>;
  /** the toggle: the field it posts ("true" or "false"), its button's words to turn on and off, a row's state */
  toggle?: { field: string; turnOn: string; turnOff: string; isOn: (row: T) => boolean };
  /** a link to a row's own page: its word, its accessible name, its address */
  detail?: { label: string; name: (rowName: string) => string; href: (row: T) => string };
  /** the service's refusals beside the field they are about (matched by a part of the message) */
  refusals?: Partial<Record<N, readonly string[]>>;
  /** where a 409 the refusals do not place goes (a duplicate code) */
  conflictField?: N;
  texts: AdaptedTexts;
}

// ---------------------------------------------------------------------------------------------------
// A page form on a service of its own (issue 30; the course forms): the kit draws its declared fields
// (app/components/admin/declared-form.tsx), posted as `{key}.save`; ids are `{key}-{field}`, its heading
// `{key}-form-title`, its message `{key}-form-error`.

/**
 * How a field of a page form is typed: `url` an address, `upload` an address or a picture to upload, `lines`
 * one item a line, `textarea` free text, `html` rich text (a textarea of HTML, or the page's editor once
 * its scripts run; the server sanitizes it), `datetime` a Lagos wall-clock time.
 */
export type PageFieldKind =
  "text" | "url" | "number" | "select" | "checkbox" | "lines" | "upload" | "textarea" | "html" | "datetime";

/** A select's option: the value posted and the words shown (a plain string is both). */
export type PageFieldOption = string | { value: string; label: string };

export interface PageField<N extends string = string> {
  name: N;
  label: string;
  kind: PageFieldKind;
  hint?: string;
  /** characters */
  max?: number;
  /** said "(optional)"; the others carry the required mark */
  optional?: boolean;
  /** the whole width of the form */
  wide?: boolean;
  /** a select's first option (the value ""), and its options when they are fixed (else the page gives them) */
  prompt?: string;
  options?: readonly PageFieldOption[];
  /**
   * shown only while another field of the form (a select) has one of these values (a live class's start):
   * with JavaScript the others are hidden; without it every field shows, its hint saying when it counts
   */
  when?: { field: N; is: readonly string[] };
  /** a textarea's rows */
  rows?: number;
}

export interface PageFormSpec<N extends string = string> {
  /** intent `{key}.save`, and the elements' ids */
  key: string;
  /** the contract's schema the browser checks it with, loaded when the form is first used */
  check: () => Promise<z.ZodType>;
  fields: ReadonlyArray<PageField<N>>;
  /** a new item's first values (a lesson required, a quiz's pass mark); the page's own `defaults` go over them */
  defaults?: Partial<Record<N, string>>;
  /** multipart (an upload field) */
  multipart?: boolean;
  /** the edited item's id is posted as `id` (else the page's address names it) */
  postsId?: boolean;
  texts: {
    addTitle: string;
    editTitle: (name: string) => string;
    add: string;
    update: string;
    /** the successes */
    added: string;
    saved: string;
    /** the prefix of a failure's message, and the message of fields refused in the browser */
    saveFailed: string;
    checkFields: string;
  };
}

/** An item in a page form: its id, its name (the edit heading) and every field as the form shows it (text; a checkbox "on" or ""). */
export interface PageFormView<N extends string = string> {
  id: string;
  title: string;
  values: Record<N, string>;
}

// ---------------------------------------------------------------------------------------------------
// A list of names added and removed in a section of another screen (issue 30; the course manager's
// categories): `{key}.add` with the name, `{key}.remove` after its question; an item the service would
// refuse says so before anything is sent. Shown by app/components/admin/name-list-section.tsx, answered
// by nameListAction (app/lib/adapted-resource.server.ts).

export interface NameListSpec<T extends { _id: string; name: string } = { _id: string; name: string }> {
  /** intents `{key}.add`, `{key}.remove` (its question `{key}.confirm`) */
  key: string;
  /** the contract's schema of the add form, loaded when it is first used */
  check: () => Promise<z.ZodType>;
  /** the section's id (a success comes back to it), its heading and what it says under it */
  id: string;
  title: string;
  lead: string;
  /** the name's input */
  field: { id: string; label: string; max: number };
  /** the add form's accessible name and its message's id; the list's heading (for screen readers) and its id */
  formLabel: string;
  errorId: string;
  list: { id: string; title: string };
  /** the columns after the name */
  columns: ReadonlyArray<{ key: string; header: string; text: (row: T) => string }>;
  texts: {
    nameHeader: string;
    add: string;
    added: string;
    /** the prefix of an add's refusal, said beside the name */
    addFailed: string;
    remove: string;
    removed: string;
    removeFailed: string;
    confirmRemove: (name: string) => string;
    empty: string;
  };
  /** an item the service would not remove: its button's note and the refusal, in the server's words */
  refused?: (row: T) => { note: string; message: string } | undefined;
}

// ---------------------------------------------------------------------------------------------------
// A paged list of items edited in the page form above it (issue 30; the course manager): its rows link
// to their own page and to the form (`?edit=<id>#{key}-form-title`), and Delete asks first and takes the
// password again when the last proof is old (`{key}.delete`, the step-up's post `confirm`). Shown by
// app/components/admin/record-list.tsx; ids `{key}-list` (a success comes back to it) and `{key}-list-title`.

export interface RecordListSpec<T extends { _id: string }> {
  key: string;
  /** the row's name (accessible names, the delete's question) */
  name: (row: T) => string;
  title: string;
  /** the line under the heading: how many there are */
  count: (total: number) => string;
  empty: string;
  pagerLabel: string;
  /** the columns, the first one the row's heading */
  columns: ReadonlyArray<{ key: string; header: string; text: (row: T) => string; alignEnd?: boolean }>;
  detail: { label: string; name: (rowName: string) => string; href: (row: T) => string };
  /** more links of a row, after Details (a course's content) */
  links?: ReadonlyArray<{ label: string; name: (rowName: string) => string; href: (row: T) => string }>;
  texts: {
    confirmDelete: (name: string) => string;
    /** the step-up's line: what happens once the password is right */
    deleteSummary: (name: string) => string;
    deleted: string;
    /** the prefix of a refusal's message */
    deleteFailed: string;
  };
}

/**
 * A field of an item's own page (app/components/admin/detail-screen.tsx fieldRows): its label, its value
 * as text, or a list (shown as one); an `address` may break anywhere. A blank value or an empty list, or
 * no item (a deleted one), shows the page's word for missing.
 */
export interface DetailField<T> {
  label: string;
  text: (item: T) => string | readonly string[];
  look?: "address";
}

/**
 * A table of records on an item's own page (app/components/admin/detail-screen.tsx; a course's learners):
 * its heading, what it says under it, its empty state and its columns, each a text, or a bar of a share
 * done beside its words (`meter`).
 */
export interface DetailTableSpec<T> {
  /** the section's id (its heading's is `{id}-title`) */
  id: string;
  title: string;
  lead?: string;
  empty: string;
  rowKey: (row: T) => string;
  columns: ReadonlyArray<{
    key: string;
    header: string;
    text: (row: T) => string;
    rowHeader?: boolean;
    alignEnd?: boolean;
    meter?: (row: T) => { value: number; max: number };
  }>;
  /**
   * a row's own small forms, each posting `{intent}` with the row's `id` and a required reason (a
   * certificate revoked or issued again): shown while `when` holds; answered by rowReasonAction
   * (app/lib/row-reason.server.ts)
   */
  rowActions?: ReadonlyArray<RowReasonSpec<T>>;
}

/** A row's action that needs a reason (issue 32): its intent, its button, its reason field, when it shows. */
export interface RowReasonSpec<T> {
  intent: string;
  label: string;
  /** the button's accessible name and the reason field's label name the row */
  name: (row: T) => string;
  reasonMax: number;
  when?: (row: T) => boolean;
  /** the success's message */
  done: string;
}

/**
 * A manager screen of several sections (issue 30; the course manager): its page form, the list of what
 * it edits, and a name list beside them. Its action picks the form by its intent and answers on the one
 * kernel (managerAction, app/lib/adapted-resource.server.ts); ManagerScreen shows it.
 */
export interface ManagerSpec<N extends string, T extends { _id: string }, C extends { _id: string; name: string }> {
  form: PageFormSpec<N>;
  list: RecordListSpec<T>;
  names: NameListSpec<C>;
  /** the log's word for its failures ("admin {noun}: the save failed") */
  noun: string;
  /** a post that names none of the screen's forms */
  unknownForm: string;
}

// ---------------------------------------------------------------------------------------------------
// A paged list on a service of its own (issue 30: the contact requests, the newsletter's subscribers):
// its GET filters, its columns, its words, a row's posts (Resend confirmation) and its Delete after a
// question (intent `delete`, app/lib/row-delete.server.ts). app/lib/adapted-list.server.ts reads and
// answers it through the feature's ListAdapter, app/components/admin/adapted-list.tsx shows it.

/** A filter of an adapted list: a select with its "any" choice first, or a search box. */
export type ListFilter<F extends string> =
  | { kind: "select"; name: F; label: string; any: string; options: ReadonlyArray<{ value: string; label: string }> }
  | { kind: "search"; name: F; label: string; placeholder?: string };

/** A row's own post (intent and `id`), its answer shown above the list: its button's words, when it shows. */
export interface ListRowPost<T> {
  intent: string;
  label: string;
  /** the button's accessible name, from the row's name */
  name: (rowName: string) => string;
  pending: string;
  /** the start of a refusal's message */
  failed: string;
  /** whether the row has it (default: every row) */
  when?: (row: T) => boolean;
}

export interface AdaptedListSpec<T extends { _id: string }, F extends string = string> {
  /** the filter form's ids (`{key}-{filter}`) and the list's heading (`{key}-title`) */
  key: string;
  /** the screen's address: Clear filters and the pager lead there */
  path: string;
  /** what the row is called in its buttons and the delete's question (an e-mail address) */
  nameOf: (row: T) => string;
  columns: ReadonlyArray<AdaptedColumn<never, T>>;
  filters: { label: string; controls: ReadonlyArray<ListFilter<F>> };
  posts?: ReadonlyArray<ListRowPost<T>>;
  /** a row's Delete: its accessible name, the question, the success, the start of a refusal */
  remove?: {
    name: (rowName: string) => string;
    question: (rowName: string) => string;
    deleted: string;
    failed: string;
  };
  texts: {
    /** a row, and rows, in the heading's count ("1 request", "3 requests match these filters") */
    one: string;
    many: string;
    empty: string;
    emptyFiltered: string;
    /** the pager's name */
    pages: string;
  };
}

// ---------------------------------------------------------------------------------------------------
// An ordered list of groups, each with its ordered items (issue 31; a course's chapters and lessons):
// every row moved up and down with the keyboard (small POST forms), published or not (a toggle), edited
// in a page form above (`?edit=<id>`), deleted after its question (which may depend on the row: a lesson
// with learners' progress); badges say a row's state. Shown by app/components/admin/nested-list.tsx,
// answered by nestedListAction (app/lib/nested-list.server.ts): intents `{key}.move` (with `direction`),
// `{key}.toggle`, `{key}.delete` (its question `{key}.confirm`) for each level's key.

/** The tones of a state badge (app/components/admin/badge.tsx). */
export type BadgeTone = "brand" | "green" | "amber" | "red" | "slate";

/** A row's state in a pill: its words, its tone. */
export interface RowBadge {
  label: string;
  tone: BadgeTone;
}

export interface NestedLevelSpec<T extends { _id: string }> {
  /** intents `{key}.move`, `.toggle`, `.delete`; the page form that edits it is `{form}` (`#{form}-form-title`) */
  key: string;
  form: string;
  /** the row's name (its heading, accessible names, the messages) */
  name: (row: T) => string;
  /** what the row says under its name (a lesson's kind and length) */
  detail?: (row: T) => string;
  badges?: (row: T) => readonly RowBadge[];
  /** links after Edit to a row's own screens (a quiz's questions), for the rows that have them */
  links?: (row: T) => ReadonlyArray<{ label: string; name: string; href: string }>;
  /** the toggle, when the rows have one: the field it posts ("true"/"false"), its button's words, the row's state */
  toggle?: { field: string; turnOn: string; turnOff: string; isOn: (row: T) => boolean };
  /** the question before its delete (the row's own: how many learners lose their progress) */
  confirmDelete: (row: T) => string;
  texts: {
    moved: string;
    /** the toggle's successes (a level with a toggle) */
    turnedOn?: (name: string) => string;
    turnedOff?: (name: string) => string;
    deleted: string;
    /** the prefix of a refusal's message */
    failed: string;
  };
}

export interface NestedListSpec<G extends { _id: string }, I extends { _id: string }> {
  /** the section's id (a success comes back to it) and its heading's */
  id: string;
  title: string;
  lead?: string;
  /** no group yet */
  empty: string;
  group: NestedLevelSpec<G>;
  item: NestedLevelSpec<I>;
  itemsOf: (group: G) => readonly I[];
  /** a group without items */
  emptyGroup: string;
  /** a group's link to the item form, the group chosen in it (`?{param}=<group id>`) */
  addItem: { label: string; name: (groupName: string) => string; param: string };
}

/**
 * One level of the same (issue 32; a quiz's questions): an ordered list of rows, each moved up and down,
 * edited in the page form above, deleted after its question. Shown by OrderedList
 * (app/components/admin/nested-list.tsx), answered by orderedListAction (app/lib/nested-list.server.ts).
 */
export interface OrderedListSpec<T extends { _id: string }> {
  /** the section's id (a success comes back to it) and its heading's */
  id: string;
  title: string;
  lead?: string;
  empty: string;
  row: NestedLevelSpec<T>;
}

/**
 * A file sent as the raw body of a request (issue 31: a lesson's video or material): with JavaScript by
 * XMLHttpRequest to `endpoint(id)?name=<file name>`, its progress shown; without, posted with the page's
 * multipart form as `{intent}` (with `id`, the file as `file`), up to the page's body limit (`noScript`
 * says so). Shown by app/components/admin/raw-upload.tsx.
 */
export interface RawUploadSpec {
  intent: string;
  label: string;
  accept: string;
  hint?: string;
  endpoint: (id: string) => string;
  /** the button's words and its accessible name */
  button: string;
  name: (rowName: string) => string;
  uploaded: string;
  /** the prefix of a refusal */
  failed: string;
  noScript: string;
}
