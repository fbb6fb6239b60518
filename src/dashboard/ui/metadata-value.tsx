/** An object's metadata, indented, or "None". */
export function MetadataValue({ metadata }: { metadata: Record<string, unknown> }) {
  return Object.keys(metadata).length === 0 ? <span className="muted">None</span> : <pre className="metadata">{JSON.stringify(metadata, null, 2)}</pre>;
}
