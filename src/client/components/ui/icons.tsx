// The one set of line icons, drawn in currentColor so they follow the control's colour.
// Decorative by default: the button that holds one carries the label.
import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 20, strokeWidth = 2, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function SpeakerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" />
      <path d="M15.5 9a4.5 4.5 0 0 1 0 6" />
      <path d="M18.2 6.5a8 8 0 0 1 0 11" />
    </Icon>
  );
}

export function SpeakerMutedIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" />
      <path d="M16 9.5l5 5M21 9.5l-5 5" />
    </Icon>
  );
}

/** An eye struck through: spoilers kept out of sight. */
export function EyeOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6.6 6.6C3.8 8.3 2 12 2 12s3.5 7 10 7c2.1 0 3.9-.7 5.4-1.6" />
      <path d="M10 5.2c.6-.1 1.3-.2 2-.2 6.5 0 10 7 10 7a17 17 0 0 1-2.2 3.2" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="M3 3l18 18" />
    </Icon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Icon>
  );
}

export function TrophyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
      <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8.5 20h7M10 17h4" />
    </Icon>
  );
}

export function ListIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <path d="M4.5 6h.01M4.5 12h.01M4.5 18h.01" strokeWidth={3} />
    </Icon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5" />
    </Icon>
  );
}

export function CompassIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" fill="currentColor" />
    </Icon>
  );
}

export function TorchIcon(props: IconProps) {
  return (
    <Icon {...props} strokeWidth={1.6}>
      <path
        d="M12 2.5c2.6 2.4 3.6 4.4 3 6.2-.5 1.4-1.6 2.3-3 2.3s-2.5-.9-3-2.3c-.5-1.5.3-3.3 1.6-4.2.1 1.2.6 1.9 1.3 2.1-.2-1.4-.2-2.8.1-4.1z"
        fill="currentColor"
      />
      <path d="M9 12h6l-1.6 9.5h-2.8z" />
    </Icon>
  );
}

// Control glyphs (picker, ranking rows, home sections): a little smaller and bolder.
const glyph = { size: 18, strokeWidth: 2.2 } as const;

export const CloseIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const PlusIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const UndoIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M9 14L4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </Icon>
);

export const RedoIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M15 14l5-5-5-5" />
    <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
  </Icon>
);

export const SearchIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Icon>
);

/** Back, or "bring the folded panel back in". */
export const ChevronLeftIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);

/** "Fold the panel away to the right". */
export const ChevronRightIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M9 5l7 7-7 7" />
  </Icon>
);

export const ChevronUpIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M6 15l6-6 6 6" />
  </Icon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const GripIcon = (p: IconProps) => (
  <Icon {...glyph} strokeWidth={0} fill="currentColor" {...p}>
    <circle cx="9" cy="6" r="1.6" />
    <circle cx="15" cy="6" r="1.6" />
    <circle cx="9" cy="12" r="1.6" />
    <circle cx="15" cy="12" r="1.6" />
    <circle cx="9" cy="18" r="1.6" />
    <circle cx="15" cy="18" r="1.6" />
  </Icon>
);

export const SeasonsIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
    <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
    <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
    <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" />
  </Icon>
);

export const FlameIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2.2 1-3.6 2.2-4.8.3 1.6 1.1 2.6 2.3 3.1C11 9 11.2 6 12 3z" />
  </Icon>
);

export const ClockIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
);

/** Share: an arrow rising out of a tray. */
export const ShareIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M12 15V4M8 7.5L12 3.5l4 4" />
    <path d="M8 10.5H6.5A1.5 1.5 0 0 0 5 12v6.5A1.5 1.5 0 0 0 6.5 20h11a1.5 1.5 0 0 0 1.5-1.5V12a1.5 1.5 0 0 0-1.5-1.5H16" />
  </Icon>
);

export const DownloadIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5" />
    <path d="M5 19.5h14" />
  </Icon>
);

export const StarIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
  </Icon>
);

/** The Inbox: a tray with a notch. */
export const InboxIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M4 13.5l2.2-7.3A1.5 1.5 0 0 1 7.6 5h8.8a1.5 1.5 0 0 1 1.4 1.2l2.2 7.3" />
    <path d="M4 13.5V18a1.5 1.5 0 0 0 1.5 1.5h13A1.5 1.5 0 0 0 20 18v-4.5h-4.5l-1 2h-5l-1-2z" />
  </Icon>
);

/** A like (list and comment likes in the Inbox). */
export const LikeIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M7.5 10.5v9H4.5v-9z" />
    <path d="M7.5 10.5l3.6-6.2a1.6 1.6 0 0 1 2.9 1.1l-.7 3.6h5a1.8 1.8 0 0 1 1.8 2.1l-1.2 6.6a2 2 0 0 1-2 1.8H7.5" />
  </Icon>
);

/** A comment or a reply (speech bubble). */
export const CommentIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M5.5 5h13A1.5 1.5 0 0 1 20 6.5v8.5a1.5 1.5 0 0 1-1.5 1.5H11l-4.5 3.5v-3.5h-1A1.5 1.5 0 0 1 4 15V6.5A1.5 1.5 0 0 1 5.5 5z" />
  </Icon>
);

export const ReplyIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M10 7L5 12l5 5" />
    <path d="M5.5 12H14a5 5 0 0 1 5 5v1" />
  </Icon>
);

export const TrashIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M5 7h14M10 7V5h4v2M7 7l.8 11.2A1.5 1.5 0 0 0 9.3 19.5h5.4a1.5 1.5 0 0 0 1.5-1.3L17 7" />
  </Icon>
);

/** A vote arrow: up; flip it for down. Filled by CSS when the vote is the reader's. */
export const VoteArrowIcon = (p: IconProps) => (
  <Icon {...glyph} {...p}>
    <path d="M12 4.5l7 8h-4v7h-6v-7H5z" />
  </Icon>
);
