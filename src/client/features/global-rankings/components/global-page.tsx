import type { ReactNode } from "react";
import type { CategorySummaryDto } from "#server/api-types.ts";

/** The frame the overview and legacy pages share: a title and lead, the body, and one way onward. */
export function GlobalPage(props: {
  titleId: string;
  title: string;
  lead: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <section className="global-page" aria-labelledby={props.titleId}>
      <header className="global-hero">
        <h1 className="page-title" id={props.titleId}>
          {props.title}
        </h1>
        <p className="global-lead">{props.lead}</p>
      </header>
      {props.children}
      <div className="global-page-actions">{props.action}</div>
    </section>
  );
}

/** One card per category, as a list. */
export function CategoryCards(props: {
  categories: CategorySummaryDto[];
  card: (category: CategorySummaryDto) => ReactNode;
}) {
  return (
    <ul className="global-cards">
      {props.categories.map((c) => (
        <li key={c.id}>{props.card(c)}</li>
      ))}
    </ul>
  );
}
