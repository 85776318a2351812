import { type RefObject, useMemo, useRef, useState } from "react";
import { DownloadIcon, ShareIcon } from "#client/components/ui/icons.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { useIsMobile } from "#client/lib/use-media-query.ts";
import type { ShareLayout } from "#shared/share-images.ts";
import { SPOILER_TEXTS } from "#shared/spoiler-horizon.ts";
import { SHARE_MESSAGES as M, shareFileName, shareLayoutName } from "../model/share-rules.ts";
import { ShareCarousel } from "./share-carousel.tsx";

export interface ShareImage {
  layout: ShareLayout;
  blob: Blob;
  /** An object URL of `blob`; its owner revokes it when the modal closes. */
  url: string;
}

export interface ShareModalProps {
  listName: string;
  images: readonly ShareImage[];
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
  /**
   * Seasons past the reader's spoiler horizon among the pictured entries:
   * the pictures (made for others, never hidden) wait behind a note until asked for.
   */
  hiddenSeasons?: readonly number[];
}

/** Saves `url` under `fileName` the way a link with `download` does. */
function saveAs(url: string, fileName: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Whether this browser's share sheet takes image files (phones; not most desktops). */
function canShareFiles(files: File[]): boolean {
  return typeof navigator.canShare === "function" && navigator.canShare({ files });
}

/**
 * 'Share Your Ranking': the pictures in a carousel; on desktop 'Download
 * Image' saves the one shown, on phones a tip to long-press it and, where the
 * browser can, the system share sheet with the picture.
 */
export function ShareModal({
  listName,
  images,
  onClose,
  returnFocusRef,
  hiddenSeasons = [],
}: ShareModalProps) {
  const [picturesShown, setPicturesShown] = useState(hiddenSeasons.length === 0);
  const isMobile = useIsMobile();
  const toast = useToast();
  const [index, setIndex] = useState(0);
  const carouselRef = useRef<HTMLDivElement>(null);
  const files = useMemo(
    () =>
      images.map(
        (image) => new File([image.blob], shareFileName(listName, image.layout), { type: "image/png" }),
      ),
    [images, listName],
  );
  const current = images[index] ?? images[0];
  const currentFile = files[index] ?? files[0];
  const shareSheet = isMobile && currentFile !== undefined && canShareFiles([currentFile]);

  const share = () => {
    if (!currentFile) return;
    navigator.share({ files: [currentFile], title: listName }).catch((error: unknown) => {
      // Closing the sheet without choosing is not a failure.
      if (error instanceof Error && error.name !== "AbortError") toast.show(error.message);
    });
  };

  return (
    <Modal
      title={M.title}
      onClose={onClose}
      initialFocusRef={carouselRef}
      returnFocusRef={returnFocusRef}
      className="share-modal"
    >
      {!picturesShown ? (
        <div className="share-spoiler-cover">
          <p>{SPOILER_TEXTS.sharePictures(hiddenSeasons)}</p>
          <button type="button" className="btn" onClick={() => setPicturesShown(true)}>
            {SPOILER_TEXTS.showPictures}
          </button>
        </div>
      ) : (
        <ShareCarousel
          ref={carouselRef}
          label={`${listName}: share pictures`}
          index={index}
          onIndexChange={setIndex}
          slides={images.map((image) => ({
            key: image.layout,
            src: image.url,
            name: shareLayoutName(image.layout),
            alt: `${listName}: ranking picture, ${shareLayoutName(image.layout).toLowerCase()}`,
          }))}
        />
      )}
      {isMobile && <p className="share-tip">{M.mobileTip}</p>}
      <div className="share-actions">
        {!isMobile && current && (
          <button
            type="button"
            className="btn share-action"
            onClick={() => saveAs(current.url, shareFileName(listName, current.layout))}
          >
            <DownloadIcon />
            {M.download}
          </button>
        )}
        {shareSheet && (
          <button type="button" className="btn share-action" onClick={share}>
            <ShareIcon />
            {M.shareSheet}
          </button>
        )}
        <button type="button" className="btn btn-ghost share-action" onClick={onClose}>
          {M.close}
        </button>
      </div>
    </Modal>
  );
}
