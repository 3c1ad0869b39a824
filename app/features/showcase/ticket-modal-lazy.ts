import { lazyModal } from "../../lib/lazy-modal.tsx";

/** The ticket modal with its payment code, loaded after the page (app/lib/lazy-modal.tsx). */
export const { LazyModal: LazyTicketModal, usePreload: usePreloadTicketModal } = lazyModal(() =>
  import("./ticket-modal.tsx").then((m) => m.TicketModal),
);
