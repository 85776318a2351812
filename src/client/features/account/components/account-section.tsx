import { type ReactNode, useId } from "react";

interface Props {
  title: string;
  /** One or two sentences under the title: what the section does. */
  intro?: ReactNode;
  /** "danger" for what cannot be undone. */
  tone?: "danger";
  children: ReactNode;
}

/** One section of the account page: a card with its heading, named for assistive technology by it. */
export function AccountSection({ title, intro, tone, children }: Props) {
  const headingId = useId();
  return (
    <section
      className={`card account-section${tone === "danger" ? " is-danger" : ""}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="account-section-title">
        {title}
      </h2>
      {intro && <p className="account-section-intro">{intro}</p>}
      {children}
    </section>
  );
}
