export function Footer() {
  return (
    <footer className="app-footer">
      <nav className="footer-links" aria-label="External links">
        <a href="https://github.com/doehm/survivoR" target="_blank" rel="noopener noreferrer">
          Cast data: survivoR (MIT)
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a href="https://www.cbs.com/shows/survivor/" target="_blank" rel="noopener noreferrer">
          Watch Survivor on CBS
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </nav>
      <p className="footer-note">A fan-made project, not affiliated with CBS or the show.</p>
    </footer>
  );
}
