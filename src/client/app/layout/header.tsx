import { useQueryClient } from "@tanstack/react-query";
import { type MouseEvent, type ReactNode, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { Avatar } from "#client/components/ui/avatar.tsx";
import { useDismiss } from "#client/lib/use-dismiss.ts";
import {
  CloseIcon,
  CompassIcon,
  ListIcon,
  MenuIcon,
  StarIcon,
  TorchIcon,
  TrophyIcon,
  UserIcon,
} from "#client/components/ui/icons.tsx";
import { signOut } from "#client/features/auth/api/auth-actions.ts";
import { useSession } from "#client/lib/queries/session.ts";
import { MuteButton } from "#client/features/music/components/mute-button.tsx";
import {
  LazySpoilerHorizonDialog,
  SpoilerHorizonButton,
} from "#client/features/spoilers/components/spoiler-horizon-button.tsx";
import { usePalmTransition } from "#client/features/transition/palm-transition.tsx";
import { pageMarkerFor } from "./page-marker.ts";
import { useMediaQuery } from "#client/lib/use-media-query.ts";
import { pathTo } from "#shared/routes.ts";

/** Below this width the header folds its controls into a menu panel. */
export const COMPACT_HEADER_QUERY = "(max-width: 1279.98px)";

interface HeaderProps {
  /**
   * The Inbox dropdown (signed-in only), composed by the layout from the
   * inbox feature. Rendered between Other Rankings and Sign Out.
   */
  inboxSlot?: ReactNode;
  /** The unread count on the compact header's menu button (signed-in only), where the Inbox is out of sight. */
  menuBadge?: ReactNode;
}

const isPlainClick = (e: MouseEvent) =>
  !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export function Header({ inboxSlot, menuBadge }: HeaderProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const palm = usePalmTransition();
  const compact = useMediaQuery(COMPACT_HEADER_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [spoilersOpen, setSpoilersOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const menuId = useId();

  const closeMenu = () => setMenuOpen(false);

  // Any navigation closes the panel, also one from inside it that is no link of
  // the header's own (a notification in the Inbox).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  // The open panel closes on Escape (focus returns to its button) and on a press outside the header.
  useDismiss(headerRef, menuOpen, (how) => {
    setMenuOpen(false);
    if (how === "escape") menuButton.current?.focus();
  });

  const onTitleClick = (e: MouseEvent<HTMLAnchorElement>) => {
    closeMenu();
    if (!isPlainClick(e) || pageMarkerFor(pathname) !== "global") return;
    // Leaving Global Rankings: the fronds close over the page, the route changes
    // out of sight, and they open on the home page.
    e.preventDefault();
    palm.run({
      onHalfway: () => navigate("/"),
      onComplete: () => document.getElementById("main")?.focus({ preventScroll: true }),
    });
  };

  const onSignOut = async () => {
    closeMenu();
    setSigningOut(true);
    try {
      await signOut(queryClient);
    } finally {
      setSigningOut(false);
    }
    navigate(pathTo("login"));
  };

  const title = (
    <Link to="/" className="site-title" onClick={onTitleClick}>
      <TorchIcon className="site-title-mark" size={26} />
      <span>Survivor Rankings</span>
    </Link>
  );

  const navClass = ({ isActive }: { isActive: boolean }) =>
    `btn btn-ghost header-link${isActive ? " is-active" : ""}`;

  const globalLink = (
    <NavLink to={pathTo("globalRankings")} className={navClass} onClick={closeMenu}>
      <TrophyIcon size={18} />
      Global Rankings
    </NavLink>
  );
  const consensusLink = (
    <NavLink to={pathTo("consensus")} className={navClass} onClick={closeMenu}>
      <StarIcon size={18} />
      Consensus
    </NavLink>
  );
  const welcome = user && (
    <span className="welcome-chip">
      <Avatar url={user.profilePictureUrl} name={user.name} size={32} nameShown />
      <span className="welcome">
        Welcome, <strong className="welcome-name">{user.name}</strong>
      </span>
    </span>
  );
  const myLists = (
    <NavLink to={pathTo("myLists")} className={navClass} onClick={closeMenu}>
      <ListIcon size={18} />
      My Lists
    </NavLink>
  );
  // Words in the phone menu; on desktops, where the welcome needs the room, the icon alone (named).
  const accountLink = user && (
    <NavLink to={pathTo("account")} className={navClass} onClick={closeMenu}>
      <UserIcon size={18} />
      Account
    </NavLink>
  );
  const accountIcon = user && (
    <NavLink
      to={pathTo("account")}
      className={(state) => `${navClass(state)} btn-icon header-account`}
      aria-label="Account"
      title="Account"
    >
      <UserIcon size={20} />
    </NavLink>
  );
  const otherRankings = (
    <NavLink to={pathTo("rankings")} className={navClass} onClick={closeMenu}>
      <CompassIcon size={18} />
      Other Rankings
    </NavLink>
  );
  // Anyone may set how far they have watched (docs/product.md, "Spoiler horizon"); the editor loads when opened.
  const openSpoilers = () => {
    closeMenu();
    setSpoilersOpen(true);
  };
  const spoilersDialog = spoilersOpen && <LazySpoilerHorizonDialog onClose={() => setSpoilersOpen(false)} />;
  const auth = user ? (
    <button type="button" className="btn header-auth" onClick={onSignOut} disabled={signingOut}>
      Sign Out
    </button>
  ) : (
    <Link to={pathTo("login")} className="btn header-auth" onClick={closeMenu}>
      Login
    </Link>
  );

  if (!compact) {
    return (
      <header className="app-header" ref={headerRef}>
        <div className="header-inner">
          {globalLink}
          {consensusLink}
          {title}
          <nav className="header-nav" aria-label="Main">
            {welcome}
            <MuteButton />
            <SpoilerHorizonButton onClick={openSpoilers} iconOnly />
            {myLists}
            {accountIcon}
            {otherRankings}
            {user && inboxSlot}
            {auth}
          </nav>
        </div>
        {spoilersDialog}
      </header>
    );
  }

  return (
    <header className={`app-header is-compact${menuOpen ? " is-menu-open" : ""}`} ref={headerRef}>
      <div className="header-inner">
        {title}
        <div className="header-actions">
          {user && (
            // Your own face, one tap from your lists and picture, while the menu is closed (hidden on phones by CSS).
            <Link
              to={pathTo("myLists")}
              className="header-avatar-link"
              aria-label="Your profile and lists"
              onClick={closeMenu}
            >
              <Avatar url={user.profilePictureUrl} name={user.name} size={32} nameShown />
            </Link>
          )}
          <MuteButton />
          <button
            ref={menuButton}
            type="button"
            className="btn btn-ghost btn-icon menu-button"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon size={20} strokeWidth={2} /> : <MenuIcon />}
            {user && !menuOpen && menuBadge}
          </button>
        </div>
      </div>
      {menuOpen && (
        <>
          <div className="header-scrim" aria-hidden="true" onClick={closeMenu} />
          <div className="header-menu" id={menuId}>
            {welcome}
            <nav className="header-menu-nav" aria-label="Main">
              {globalLink}
              {consensusLink}
              {myLists}
              {accountLink}
              {otherRankings}
              <SpoilerHorizonButton onClick={openSpoilers} />
              {user && inboxSlot}
              {auth}
            </nav>
          </div>
        </>
      )}
      {spoilersDialog}
    </header>
  );
}
