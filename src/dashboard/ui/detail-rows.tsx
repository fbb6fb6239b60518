import type { ReactNode } from "react";
import { MetadataValue } from "./metadata-value";

/** One row of an object's details (`<dl className="details">`): the label, then the value. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

interface MetadataAndApiRowsProps {
  labels: { metadata: string; api: string; link: string };
  metadata: Record<string, unknown>;
  /** The object's own page in the API's HTML view. */
  apiHref: string;
}

/** The last rows of an object's details: its metadata, and a link to it in the API. */
export function MetadataAndApiRows({ labels, metadata, apiHref }: MetadataAndApiRowsProps) {
  return (
    <>
      <DetailRow label={labels.metadata}>
        <MetadataValue metadata={metadata} />
      </DetailRow>
      <DetailRow label={labels.api}>
        <a href={apiHref}>{labels.link}</a>
      </DetailRow>
    </>
  );
}

/** A card of an object's details: its title, then the rows (`DetailRow`, or `<dt>` and `<dd>`). */
export function DetailsCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="card card-padded">
      <h2 className="card-title">{title}</h2>
      <dl className="details">{children}</dl>
    </div>
  );
}
