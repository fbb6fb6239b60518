import type { ReactNode } from "react";

/** A padded card with its heading (which names the section for assistive technology) and a muted lead below it. */
export function TitledCard({ id, title, lead, children }: { id: string; title: ReactNode; lead?: ReactNode; children: ReactNode }) {
  return (
    <section className="card card-padded" aria-labelledby={id}>
      <h2 className="card-title" id={id}>
        {title}
      </h2>
      {lead !== undefined && <p className="muted">{lead}</p>}
      {children}
    </section>
  );
}
