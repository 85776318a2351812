import { type ReactNode, useId } from "react";
import { ListCard } from "#client/components/ui/list-card.tsx";
import { ListCardSkeletons } from "#client/components/ui/list-card-skeletons.tsx";
import type { ListCardDto } from "#server/api-types.ts";

/** The list page learns it was opened from home (navigation state source 'home'). */
export const HOME_LINK_STATE = { source: "home" } as const;

interface HomeListBlockProps {
  title: string;
  icon: ReactNode;
  /** Undefined while loading (then `status` is shown). */
  lists: ListCardDto[] | undefined;
  emptyText: string;
  /** Loading or failure text in place of the cards. */
  status?: { text: string; kind: "loading" | "error" } | null;
  renderActions?: (list: ListCardDto) => ReactNode;
  testId: string;
}

/** One block of list cards on the home page, three to a row. */
export function HomeListBlock({
  title,
  icon,
  lists,
  emptyText,
  status,
  renderActions,
  testId,
}: HomeListBlockProps) {
  const headingId = useId();
  let body: ReactNode;
  if (status) {
    body =
      status.kind === "error" ? (
        <p className="error-text home-block-message" role="alert">
          {status.text}
        </p>
      ) : (
        <>
          <p className="status-text home-block-message" role="status">
            {status.text}
          </p>
          <ListCardSkeletons count={3} className="home-grid" />
        </>
      );
  } else if (!lists || lists.length === 0) {
    body = <p className="home-empty">{emptyText}</p>;
  } else {
    body = (
      <div className="home-grid">
        {lists.map((list) => (
          <ListCard
            key={`${list.userId}/${list.id}`}
            list={list}
            linkState={HOME_LINK_STATE}
            actions={renderActions?.(list)}
          />
        ))}
      </div>
    );
  }
  return (
    <section className="home-section" aria-labelledby={headingId} data-testid={testId}>
      <h2 className="home-section-title" id={headingId}>
        <span className="home-section-icon" aria-hidden="true">
          {icon}
        </span>
        {title}
      </h2>
      {body}
    </section>
  );
}
