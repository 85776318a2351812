import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider } from "./app/provider.tsx";
import { AppRouter, loadScreenFor } from "./app/router.tsx";
import "./styles/global.css";

// The page's own screen first (the server has it preloading beside this script).
void loadScreenFor(window.location.pathname).then(() => {
  // A transition lets React draw the first page in slices of a few
  // milliseconds, yielding between them, instead of one long task that
  // blocks input (docs/performance.md, Lighthouse).
  startTransition(() => {
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    );
  });
});
