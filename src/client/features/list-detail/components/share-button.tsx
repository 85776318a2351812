import { hiddenSeasonOf, type HiddenEntry, useSpoilerHorizon } from "#client/lib/spoiler-horizon.ts";
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { ListDetailDto } from "#server/api-types.ts";
import { ShareIcon } from "#client/components/ui/icons.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { useIsMobile } from "#client/lib/use-media-query.ts";
import { useShareImages } from "../api/share-images.ts";
import { SHARE_FAILURE_TOAST_MS, SHARE_MESSAGES as M } from "../model/share-rules.ts";
import type { ShareImage } from "./share-modal.tsx";
import "./share.css";

// The modal and its carousel are fetched on the first Share, while the
// pictures render: a list page that is only read does not load them.
const loadModal = () => import("./share-modal.tsx").then((m) => ({ default: m.ShareModal }));
const ShareModal = lazy(loadModal);

/**
 * 'Share' (desktop) / 'Share List' (phones): renders both share pictures on
 * the server, then opens 'Share Your Ranking' with them. A failure says why
 * and leaves no pictures behind.
 */
/** A share picture shows the list's first five entries. */
const SHARE_PICTURED_ENTRIES = 5;

export function ShareButton({ list }: { list: ListDetailDto }) {
  const isMobile = useIsMobile();
  const { horizon } = useSpoilerHorizon();
  // The pictured entries past the reader's horizon (docs/product.md, "Spoiler horizon").
  const hiddenSeasons = [
    ...new Set(
      (list.items as readonly (ListDetailDto["items"][number] | HiddenEntry)[])
        .slice(0, SHARE_PICTURED_ENTRIES)
        .flatMap((e) => hiddenSeasonOf(e, horizon) ?? []),
    ),
  ].sort((a, b) => a - b);
  const toast = useToast();
  const generate = useShareImages();
  const [images, setImages] = useState<ShareImage[] | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Every object URL made and not yet revoked; a stable container, so the unmount cleanup sees them all.
  const [urls] = useState(() => new Set<string>());

  const revokeAll = useCallback(() => {
    urls.forEach((url) => URL.revokeObjectURL(url));
    urls.clear();
  }, [urls]);
  useEffect(() => revokeAll, [revokeAll]);

  const close = () => {
    revokeAll();
    setImages(null);
  };

  const start = () => {
    if (generate.isPending) return;
    void loadModal();
    close();
    generate.mutate(list, {
      onSuccess: (blobs) =>
        setImages(
          blobs.map((image) => {
            const url = URL.createObjectURL(image.blob);
            urls.add(url);
            return { ...image, url };
          }),
        ),
      onError: (error) => {
        close();
        toast.show(M.failed(error.message), SHARE_FAILURE_TOAST_MS);
      },
    });
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="btn list-detail-share"
        aria-busy={generate.isPending || undefined}
        aria-haspopup="dialog"
        onClick={start}
      >
        <ShareIcon />
        {generate.isPending ? M.generating : isMobile ? M.buttonMobile : M.button}
      </button>
      {images && (
        <Suspense fallback={null}>
          <ShareModal
            listName={list.name}
            images={images}
            onClose={close}
            returnFocusRef={buttonRef as RefObject<HTMLElement | null>}
            hiddenSeasons={hiddenSeasons}
          />
        </Suspense>
      )}
    </>
  );
}
