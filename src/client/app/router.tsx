import { createBrowserRouter, Navigate, RouterProvider } from "react-router";
import { RootLayout } from "./layout/root-layout.tsx";
import { RouteError } from "./layout/route-error.tsx";

// Each screen is its own chunk, so the first page loads only what it shows.
const lazyRoute = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const router = createBrowserRouter([
  {
    Component: RootLayout,
    // Routes load lazily on the first visit; nothing to show before the first one resolves.
    HydrateFallback: () => null,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { path: "/", lazy: lazyRoute(() => import("./routes/home.tsx")) },
          { path: "/login", lazy: lazyRoute(() => import("./routes/login.tsx")) },
          { path: "/mylists", lazy: lazyRoute(() => import("./routes/my-lists.tsx")) },
          { path: "/rankings", lazy: lazyRoute(() => import("./routes/rankings.tsx")) },
          { path: "/rankings/user", lazy: lazyRoute(() => import("./routes/user-rankings.tsx")) },
          { path: "/rankings/user/:userId", lazy: lazyRoute(() => import("./routes/user-rankings.tsx")) },
          { path: "/list/:userId/:listId", lazy: lazyRoute(() => import("./routes/list-detail.tsx")) },
          { path: "/create", lazy: lazyRoute(() => import("./routes/create.tsx")) },
          { path: "/global-rankings", lazy: lazyRoute(() => import("./routes/global-rankings.tsx")) },
          { path: "/global-rankings/legacy", lazy: lazyRoute(() => import("./routes/global-legacy.tsx")) },
          {
            path: "/global-rankings/:categoryId",
            lazy: lazyRoute(() => import("./routes/global-detail.tsx")),
          },
          { path: "*", element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
