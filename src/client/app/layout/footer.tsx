export function Footer() {
  return (
    <footer className="app-footer">
      <a href="https://github.com/doehm/survivoR" target="_blank" rel="noopener noreferrer">
        Cast data: survivoR (MIT)
      </a>
      <a href="https://www.cbs.com/shows/survivor/" target="_blank" rel="noopener noreferrer">
        Watch Survivor on CBS
      </a>
    </footer>
  );
}
