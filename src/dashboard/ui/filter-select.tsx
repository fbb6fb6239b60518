interface FilterSelectProps<V extends string> {
  label: string;
  /** The first option, for no filter: "All statuses". */
  allLabel: string;
  options: readonly { value: V; label: string }[];
  value: V | "";
  onChange: (value: V | "") => void;
}

/** A list's toolbar filter: one of `options`, or all. Only a listed value comes back out of the select. */
export function FilterSelect<V extends string>({ label, allLabel, options, value, onChange }: FilterSelectProps<V>) {
  return (
    <label className="inline-field">
      {label}
      <select value={value} onChange={(e) => onChange(options.find((o) => o.value === e.target.value)?.value ?? "")}>
        <option value="">{allLabel}</option>
        <SelectOptions options={options} />
      </select>
    </label>
  );
}

/** A select's options, each a value and what the reader sees. */
export function SelectOptions({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
