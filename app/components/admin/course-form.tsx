// The course form of the admin (spec admin-back-office §2 "Course admin manager", "Simple course add/edit
// form", §4, §5; issue 17): every field on /pmtalsLink/admin, the six of the simple form on /add-course
// and /edit-course/{id}. Add, or Update while a course is in it. A plain POST form (multipart on the
// manager, for its picture upload) that the contract's schema checks in the browser once zod has loaded
// (contract/course-form.ts, the same the action parses with); the action answers `course.save`.
import { useRef, useState } from "react";
import { Link, useNavigation } from "react-router";
import { uploadFieldOf } from "../../../contract/admin-resource.ts";
import {
  COURSE_FORM_FIELDS,
  COURSE_LIMITS,
  COURSE_MESSAGES,
  courseFieldLabel,
  SIMPLE_FORM_CATEGORIES,
  type CourseFormField,
  type CourseFormKind,
} from "../../../contract/course-texts.ts";
import type { CourseActionResult, CourseFormView } from "../../lib/course-admin.server.ts";
import { buttonClass } from "../ui/button.tsx";
import {
  CheckboxField,
  Field,
  LinesField,
  NumberField,
  PageForm,
  SelectField,
  SubmitButton,
  useContractCheck,
  useFocusOnProblems,
  useSuccessCount,
} from "../ui/form.tsx";
import { useToast } from "../ui/toast.tsx";
import { AddressWithUpload } from "./upload-field.tsx";

/** Fields the admin may leave blank (the rest carry the required mark). */
const OPTIONAL: ReadonlySet<CourseFormField> = new Set(["discountPrice", "duration", "features"]);

const HINTS: Partial<Record<CourseFormField, string>> = {
  price: "In naira (₦), e.g. 150000",
  discountPrice: "In naira, below the price; blank for none",
  showDiscount: "Learners see the discount price, with the price struck through",
  duration: "e.g. 12 weeks",
  // spec admin §2, §9: the rating's hint
  rating: "0-5",
  features: "One feature a line",
};

const MAX: Partial<Record<CourseFormField, number>> = {
  title: COURSE_LIMITS.title,
  instructor: COURSE_LIMITS.instructor,
  duration: COURSE_LIMITS.duration,
  img: 2000,
};

export const COURSE_FORM_ERROR_ID = "course-form-error";

export function CourseForm({
  kind,
  categories,
  editing,
  actionData,
  cancelTo,
  labelledBy,
}: {
  kind: CourseFormKind;
  /** the category list's names (the manager's select; the simple form has its four) */
  categories: readonly string[];
  editing: CourseFormView | null;
  actionData: CourseActionResult | undefined;
  /** where Cancel leads while editing */
  cancelTo: string;
  /** the page's own heading names the form (the simple form's page): no heading of its own */
  labelledBy?: string;
}) {
  const fields = COURSE_FORM_FIELDS[kind];
  const formRef = useRef<HTMLFormElement>(null);
  const [uploading, setUploading] = useState(false);
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok && actionData.intent === "course.save" ? actionData : undefined;
  const check = useContractCheck({
    load: () =>
      import("../../../contract/course-form.ts").then((m) =>
        kind === "manager" ? m.CourseManagerFormSchema : m.SimpleCourseFormSchema,
      ),
    fields,
    answer: actionData,
  });
  const fieldErrors: Partial<Record<string, string>> = check.errors ?? failure?.fieldErrors ?? {};
  const formError = check.errors ? COURSE_MESSAGES.saveFailed + COURSE_MESSAGES.checkFields : failure?.formError;
  useFocusOnProblems(formRef, check.errors ?? failure, COURSE_FORM_ERROR_ID);
  useToast(failure, failure?.formError, "error");
  const saved = useSuccessCount("course.save", failure);

  // what was typed before a failure, else the course being edited, else blank
  const valueOf = (field: CourseFormField) => (failure ? failure.values[field] : editing?.values[field]) ?? "";
  const editingId = (failure ? failure.values.id : editing?.id) ?? "";
  const saving = uploading || (navigation.state !== "idle" && navigation.formData?.get("intent") === "course.save");
  const options = kind === "manager" ? categories : SIMPLE_FORM_CATEGORIES;

  const input = (field: CourseFormField) => {
    const common = {
      id: `course-${field}`,
      name: field,
      label: courseFieldLabel(kind, field),
      hint: HINTS[field],
      error: fieldErrors[field],
      requiredMark: !OPTIONAL.has(field),
      optional: OPTIONAL.has(field),
    };
    const value = valueOf(field);
    switch (field) {
      case "category": {
        // the course's own category selected, in the list's spelling; none chosen yet: the prompt
        const chosen = options.find((o) => o.toLowerCase() === value.toLowerCase()) ?? "";
        return (
          <SelectField
            {...common}
            defaultValue={chosen}
            options={[{ value: "", label: "Choose a category" }, ...options]}
          />
        );
      }
      case "price":
      case "discountPrice":
      case "rating":
        return <NumberField {...common} defaultValue={value} />;
      case "showDiscount":
        return <CheckboxField {...common} defaultChecked={value === "on"} />;
      case "features":
        return <LinesField {...common} value={value} />;
      case "img":
        return kind === "manager" ? (
          <AddressWithUpload
            {...common}
            kind="image"
            uploadName={uploadFieldOf("img")}
            maxLength={MAX.img!}
            defaultValue={value}
            autoComplete="off"
            onUploading={setUploading}
          />
        ) : (
          <Field {...common} type="text" inputMode="url" maxLength={MAX.img} defaultValue={value} autoComplete="off" />
        );
      default:
        return <Field {...common} type="text" maxLength={MAX[field]} defaultValue={value} autoComplete="off" />;
    }
  };

  const wide = (field: CourseFormField) => field === "title" || field === "img" || field === "features";

  return (
    <>
      {labelledBy ? null : (
        <h2 id="course-form-title" className="scroll-mt-20 text-lg font-bold text-slate-900">
          {editingId ? `Edit “${editing?.title ?? valueOf("title")}”` : "Add a course"}
        </h2>
      )}
      <PageForm
        key={`${saved}:${editingId}:${failure ? "failed" : "fresh"}`}
        formRef={formRef}
        errorId={COURSE_FORM_ERROR_ID}
        error={formError}
        encType={kind === "manager" ? "multipart/form-data" : undefined}
        className="mt-3 space-y-4"
        aria-labelledby={labelledBy ?? "course-form-title"}
        noValidate
        {...check.formProps}
      >
        <input type="hidden" name="intent" value="course.save" />
        {editingId && kind === "manager" ? <input type="hidden" name="id" value={editingId} /> : null}
        <p className="text-sm text-slate-600">
          Fields marked <span className="text-red-700">*</span> are required.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field} className={wide(field) ? "sm:col-span-2" : undefined}>
              {input(field)}
            </div>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton
            pending={saving}
            label={editingId ? "Update Course" : "Add Course"}
            pendingLabel={uploading ? "Uploading…" : "Saving…"}
            className="w-full sm:w-auto"
          />
          {editingId ? (
            <Link to={cancelTo} className={buttonClass("ghost", "md")}>
              Cancel
            </Link>
          ) : null}
        </div>
      </PageForm>
    </>
  );
}
