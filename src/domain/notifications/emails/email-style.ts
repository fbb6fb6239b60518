/**
 * The emails' colours: the dashboard's navy and blue (src/app/globals.css) on white. Every pair meets WCAG AA
 * contrast (the button's white on #2249c9 is 6.6:1), so it stays readable when a client inverts it for dark mode.
 */
export const COLORS = {
  page: "#f1f3f8",
  card: "#ffffff",
  brand: "#14213d",
  onBrand: "#ffffff",
  text: "#1f2937",
  muted: "#4b5563",
  rule: "#d1d5db",
  button: "#2249c9",
  onButton: "#ffffff",
  link: "#2249c9",
  factsBg: "#f5f7fb",
} as const;

export const FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
