import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { pageMarkerFor } from "./page-marker.ts";

export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.body.dataset.page = pageMarkerFor(pathname);
  }, [pathname]);
  return (
    <div className="app-shell">
      <Header />
      <main className="app-main" id="main">
        <Suspense fallback={<p className="status-text">Loading...</p>}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
