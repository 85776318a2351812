import { type ComponentType, lazy } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from "react-router";
import { SCREENS, type ScreenModule, type ScreenName, screenOf } from "#shared/routes.ts";
import { RootLayout } from "./layout/root-layout.tsx";
import { ScreenErrorBoundary } from "./layout/route-error.tsx";

// Declarative routes, not a data router: we load no data through the router,
// and its data half is 15 KB (compressed) of the first page's script.

type Chunk = { default: ComponentType };

/**
 * The code of each screen's file (src/shared/routes.ts names which file
 * draws which screen); each is its own chunk, so a page loads only what it
 * shows. The type asks for every file the table names.
 */
export const SCREEN_CHUNKS: Record<ScreenModule, () => Promise<Chunk>> = {
  home: () => import("./routes/home.tsx"),
  login: () => import("./routes/login.tsx"),
  "my-lists": () => import("./routes/my-lists.tsx"),
  account: () => import("./routes/account.tsx"),
  rankings: () => import("./routes/rankings.tsx"),
  "user-rankings": () => import("./routes/user-rankings.tsx"),
  "list-detail": () => import("./routes/list-detail.tsx"),
  create: () => import("./routes/create.tsx"),
  "global-rankings": () => import("./routes/global-rankings.tsx"),
  "global-legacy": () => import("./routes/global-legacy.tsx"),
  "global-detail": () => import("./routes/global-detail.tsx"),
  consensus: () => import("./routes/consensus.tsx"),
};

// A screen whose chunk has arrived renders at once; any other suspends until
// it does (the page on screen stays, as navigations are transitions).
const loaded = new Map<ScreenModule, ComponentType>();
const lazyScreens = new Map<ScreenModule, ComponentType>();
const lazyOf = (module: ScreenModule) => {
  let Lazy = lazyScreens.get(module);
  if (!Lazy) lazyScreens.set(module, (Lazy = lazy(SCREEN_CHUNKS[module])));
  return Lazy;
};

function screenRoute(name: ScreenName) {
  const { path, module } = SCREENS[name];
  const Lazy = lazyOf(module);
  function Screen() {
    const Loaded = loaded.get(module);
    // Not made in render: `loaded` holds the chunk's own component, set once before the first render.
    // eslint-disable-next-line react-hooks/static-components
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return <Route key={name} path={path} element={<Screen />} />;
}

/**
 * Loads the screen the address shows before the first render, so the first
 * paint is the page itself rather than 'Loading...'. A chunk that fails to
 * load is left to the screen's error boundary, which shows it when it renders.
 */
export async function loadScreenFor(pathname: string): Promise<void> {
  const found = screenOf(pathname);
  if (!found) return;
  const { module } = SCREENS[found.screen];
  try {
    loaded.set(module, (await SCREEN_CHUNKS[module]()).default);
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
            {(Object.keys(SCREENS) as ScreenName[]).map(screenRoute)}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
