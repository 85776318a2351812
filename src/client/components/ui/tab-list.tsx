import { type KeyboardEvent, type ReactNode, useRef } from "react";

interface TabListProps<T extends string> {
  /** The tabs, in order. */
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** What a tab shows. */
  label: (tab: T) => ReactNode;
  /** The accessible name of the whole tablist. */
  ariaLabel: string;
  /** Each tab's element id (the panel is labelled by the selected one's). */
  tabId: (tab: T) => string;
  /** The id of the tabpanel the tabs control. */
  panelId: string;
  className: string;
  tabClassName: string;
}

/**
 * A row of tabs as the ARIA pattern has them: the selected tab alone is in
 * the Tab order; arrow keys move (and select) along the row, wrapping round,
 * Home and End go to its ends. The page draws the panel.
 */
export function TabList<T extends string>(props: TabListProps<T>) {
  const { tabs, selected, onSelect } = props;
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    const jump = e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1 : null;
    if (!step && jump === null) return;
    e.preventDefault();
    const at = tabs.indexOf(selected);
    const next = tabs[jump ?? (at + step + tabs.length) % tabs.length]!;
    if (next !== selected) onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div className={props.className} role="tablist" aria-label={props.ariaLabel} onKeyDown={onKey}>
      {tabs.map((tab) => {
        const on = tab === selected;
        return (
          <button
            key={tab}
            ref={(el) => {
              if (el) refs.current.set(tab, el);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={props.tabId(tab)}
            aria-selected={on}
            aria-controls={props.panelId}
            tabIndex={on ? 0 : -1}
            className={`pill-toggle ${props.tabClassName}${on ? " is-on" : ""}`}
            onClick={() => !on && onSelect(tab)}
          >
            {props.label(tab)}
          </button>
        );
      })}
    </div>
  );
}
