import { type KeyboardEvent, type Ref, type TouchEvent, useRef } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "#client/components/ui/icons.tsx";
import { keyStep, stepIndex, swipeStep } from "../model/share-rules.ts";

export interface CarouselSlide {
  key: string;
  src: string;
  alt: string;
  /** Short, for the slide's dot ('Beach layout'). */
  name: string;
}

export interface ShareCarouselProps {
  slides: readonly CarouselSlide[];
  /** The slide shown; the carousel is controlled, so its owner knows which one to save. */
  index: number;
  onIndexChange: (index: number) => void;
  label: string;
  /** The carousel itself takes keys (Left, Right) once focused; the modal focuses it first. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * One picture at a time, sliding sideways: arrows, one dot per picture, the
 * Left and Right keys, and a touch swipe of at least 50 px. Both ends go round.
 */
export function ShareCarousel({ slides, index, onIndexChange, label, ref }: ShareCarouselProps) {
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const count = slides.length;
  const go = (step: number) => {
    if (step !== 0 && count > 1) onIndexChange(stepIndex(index, step, count));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = keyStep(e.key);
    if (step === 0) return;
    e.preventDefault();
    go(step);
  };
  const onTouchStart = (e: TouchEvent<HTMLDivElement>) => {
    const t = e.touches[0];
    touchStart.current = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent<HTMLDivElement>) => {
    const start = touchStart.current;
    const t = e.changedTouches[0];
    touchStart.current = null;
    if (start && t) go(swipeStep(t.clientX - start.x, t.clientY - start.y));
  };

  return (
    <div
      ref={ref}
      className="share-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="share-carousel-stage">
        <div
          className="share-carousel-viewport"
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          onTouchCancel={() => (touchStart.current = null)}
        >
          <div className="share-carousel-track" style={{ transform: `translateX(${-index * 100}%)` }}>
            {slides.map((slide, i) => (
              <div
                key={slide.key}
                className="share-carousel-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={i !== index}
                inert={i !== index}
                data-current={i === index || undefined}
              >
                <img
                  className="share-carousel-image"
                  src={slide.src}
                  alt={slide.alt}
                  width={1080}
                  height={1350}
                />
              </div>
            ))}
          </div>
        </div>
        {/* Beside the picture on desktop, under it on phones: never over it. */}
        {count > 1 && (
          <>
            <button
              type="button"
              className="share-carousel-arrow is-prev"
              aria-label="Previous image"
              onClick={() => go(-1)}
            >
              <ChevronLeftIcon size={26} />
            </button>
            <button
              type="button"
              className="share-carousel-arrow is-next"
              aria-label="Next image"
              onClick={() => go(1)}
            >
              <ChevronRightIcon size={26} />
            </button>
          </>
        )}
      </div>
      <div className="share-carousel-footer">
        {count > 1 && (
          <div className="share-carousel-dots">
            {slides.map((slide, i) => (
              <button
                key={slide.key}
                type="button"
                className="share-carousel-dot"
                aria-label={`Show ${slide.name} (${i + 1} of ${count})`}
                aria-current={i === index || undefined}
                onClick={() => onIndexChange(i)}
              />
            ))}
          </div>
        )}
        {/* Read out when the picture changes, whichever way it was moved. */}
        <p className="share-carousel-caption" aria-live="polite">
          {slides[index]?.name}
        </p>
      </div>
    </div>
  );
}
