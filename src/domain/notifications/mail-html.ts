/** The HTML part of a plain-text email: the text escaped, line breaks kept, and its one link made a link. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function textMailHtml(text: string, link: string, linkLabel = link): string {
  const href = escapeHtml(link);
  return `<p>${escapeHtml(text)
    .replace(/\n/g, "<br>")
    .replace(href, `<a href="${href}">${escapeHtml(linkLabel)}</a>`)}</p>`;
}
