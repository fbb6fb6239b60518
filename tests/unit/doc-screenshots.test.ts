/**
 * Every screenshot the README and docs/*.md point at exists, so renaming or removing a PNG in docs/screenshots/
 * cannot leave a link dead without a failing test.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCUMENTS = [
  "README.md",
  ...fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** Each PNG a Markdown link points at (relative to the document), and every `docs/screenshots/….png` in its text. */
function screenshotPaths(markdown: string, document: string): string[] {
  const found = new Set<string>();
  for (const [, link] of markdown.matchAll(/\]\(([^)\s]+\.png)\)/g)) found.add(path.posix.normalize(path.posix.join(path.posix.dirname(document), link)));
  for (const [match] of markdown.matchAll(/docs\/screenshots\/[\w./-]+?\.png/g)) found.add(match);
  return [...found].sort();
}

describe("screenshot links in the documentation", () => {
  it("finds links, relative ones included", () => {
    const text = "[a](screenshots/home-desktop.png) `docs/screenshots/emails/x-en-phone.png` [b](../docs/screenshots/y.png)";
    expect(screenshotPaths(text, "docs/deploy.md")).toEqual([
      "docs/screenshots/emails/x-en-phone.png",
      "docs/screenshots/home-desktop.png",
      "docs/screenshots/y.png",
    ]);
  });

  it.each(DOCUMENTS)("every PNG %s names exists", (document) => {
    const paths = screenshotPaths(fs.readFileSync(path.join(ROOT, document), "utf8"), document);
    expect(paths.filter((p) => !fs.existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  it("the README shows some", () => {
    expect(screenshotPaths(fs.readFileSync(path.join(ROOT, "README.md"), "utf8"), "README.md").length).toBeGreaterThan(5);
  });
});
