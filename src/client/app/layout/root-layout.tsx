import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { ActivityBar } from "#client/components/ui/activity-bar.tsx";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import { Inbox } from "#client/features/inbox/components/inbox.tsx";
import { InboxMenuBadge } from "#client/features/inbox/components/inbox-menu-badge.tsx";
import { useSession } from "#client/lib/queries/session.ts";
import { useServerEventsIdentity } from "#client/lib/server-events.ts";
import { useMusicAutostart } from "#client/features/music/use-music.ts";
import { PalmTransitionProvider } from "#client/features/transition/palm-transition.tsx";
import { useCarryOverSpoilerHorizon } from "#client/features/spoilers/api/spoiler-horizon-api.ts";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { pageMarkerFor } from "./page-marker.ts";

export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.body.dataset.page = pageMarkerFor(pathname);
  }, [pathname]);
  useMusicAutostart();
  const { user, isPending } = useSession();
  useServerEventsIdentity(user?.id ?? null, !isPending);
  useCarryOverSpoilerHorizon();

  return (
    <ToastProvider>
      <PalmTransitionProvider>
        <div className="app-shell">
          <ActivityBar />
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          {/* The header shows these to signed-in users only. */}
          <Header inboxSlot={<Inbox />} menuBadge={<InboxMenuBadge />} />
          <main className="app-main" id="main" tabIndex={-1}>
            <Suspense fallback={<p className="status-text">Loading...</p>}>
              <Outlet />
            </Suspense>
          </main>
          <Footer />
        </div>
      </PalmTransitionProvider>
    </ToastProvider>
  );
}
