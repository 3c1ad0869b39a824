// The browser's entry: React Router's default, after noting what was typed before the scripts arrived
// (app/lib/typed-early.ts).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { noteTypedEarly } from "./lib/typed-early.ts";

noteTypedEarly();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
