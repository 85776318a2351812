import { useState } from "react";
import { placeholderUrl } from "#shared/media-urls.ts";
import { smallPictureUrl } from "#shared/pictures.ts";
import "./avatar.css";

/** At or below this size the 64 px version of an uploaded picture is enough. */
const SMALL_PX = 64;

export interface AvatarProps {
  /** The person's picture; missing means the placeholder. */
  url: string | null | undefined;
  /** Whose picture it is (the alt text). */
  name: string;
  /** Width and height in CSS pixels: set on the element, so nothing shifts while it loads. */
  size: number;
  /** The name is written right beside it: the picture then adds nothing for a screen reader (empty alt). */
  nameShown?: boolean;
  className?: string;
}

/**
 * A person's round profile picture: the header, profiles, list authors,
 * comments and the Inbox. A missing or broken picture shows the placeholder
 * silhouette, never a broken image.
 */
export function Avatar({ url, name, size, nameShown = false, className }: AvatarProps) {
  const wanted = url ? (size <= SMALL_PX ? smallPictureUrl(url) : url) : placeholderUrl();
  // Remembers which address failed, so a new picture gets its own chance to load.
  const [failed, setFailed] = useState<string | null>(null);
  const src = failed === wanted ? placeholderUrl() : wanted;
  return (
    <img
      className={className ? `avatar ${className}` : "avatar"}
      src={src}
      alt={nameShown ? "" : `${name}'s profile picture`}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (src !== placeholderUrl()) setFailed(wanted);
      }}
    />
  );
}
