import { type ComponentType, lazy } from "react";
import { BrowserRouter, matchPath, Navigate, Outlet, Route, Routes, useLocation } from "react-router";
import { RootLayout } from "./layout/root-layout.tsx";
import { ScreenErrorBoundary } from "./layout/route-error.tsx";

// Declarative routes, not a data router: we load no data through the router,
// and its data half is 15 KB (compressed) of the first page's script.

type ScreenModule = { default: ComponentType };

/** Every screen, fixed paths before parameters; each is its own chunk, so a page loads only what it shows. */
const SCREENS: [path: string, load: () => Promise<ScreenModule>][] = [
  ["/", () => import("./routes/home.tsx")],
  ["/login", () => import("./routes/login.tsx")],
  ["/mylists", () => import("./routes/my-lists.tsx")],
  ["/rankings", () => import("./routes/rankings.tsx")],
  ["/rankings/user", () => import("./routes/user-rankings.tsx")],
  ["/rankings/user/:userId", () => import("./routes/user-rankings.tsx")],
  ["/list/:userId/:listId", () => import("./routes/list-detail.tsx")],
  ["/create", () => import("./routes/create.tsx")],
  ["/global-rankings", () => import("./routes/global-rankings.tsx")],
  ["/global-rankings/legacy", () => import("./routes/global-legacy.tsx")],
  ["/global-rankings/:categoryId", () => import("./routes/global-detail.tsx")],
];

// A screen whose chunk has arrived renders at once; any other suspends until
// it does (the page on screen stays, as navigations are transitions).
const loaded = new Map<string, ComponentType>();

function screenRoute([path, load]: (typeof SCREENS)[number]) {
  const Lazy = lazy(load);
  function Screen() {
    const Loaded = loaded.get(path);
    // Not made in render: `loaded` holds the chunk's own component, set once before the first render.
    // eslint-disable-next-line react-hooks/static-components
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return <Route key={path} path={path} element={<Screen />} />;
}

/**
 * Loads the screen the address shows before the first render, so the first
 * paint is the page itself rather than 'Loading...'. A chunk that fails to
 * load is left to the screen's error boundary, which shows it when it renders.
 */
export async function loadScreenFor(pathname: string): Promise<void> {
  const screen = SCREENS.find(([path]) => matchPath(path, pathname));
  if (!screen) return;
  try {
    loaded.set(screen[0], (await screen[1]()).default);
  } catch {
    // Shown by ScreenErrorBoundary when the screen renders.
  }
}

/** A screen that fails to load or render shows the error page; the next address starts afresh. */
function ScreenErrors() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary resetKey={pathname}>
      <Outlet />
    </ScreenErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          <Route element={<ScreenErrors />}>
            {SCREENS.map(screenRoute)}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
