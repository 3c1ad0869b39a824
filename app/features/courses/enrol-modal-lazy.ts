import { lazyModal } from "../../lib/lazy-modal.tsx";

/** The enrol modal with its payment code, loaded after the page (app/lib/lazy-modal.tsx). */
export const { LazyModal: LazyEnrolModal, usePreload: usePreloadEnrolModal } = lazyModal(() =>
  import("./enrol-modal.tsx").then((m) => m.EnrolModal),
);
