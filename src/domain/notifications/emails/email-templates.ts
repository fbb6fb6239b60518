/**
 * Emails rendered once and filled in per reader. A burst of created Employees sends thousands of invitations that
 * differ only in the reader's name, link and code; rendering each through React was about a quarter of the worker's
 * CPU per invitation (docs/performance.md). An `EmailTemplates` renders an email once per key (what else it depends
 * on: language, sender) with a stand-in for each per-reader value, then writes the values in, escaped in the HTML as
 * React escapes text and attributes. A value that could change the email's shape (a line break splits paragraphs) is
 * rendered afresh instead.
 */
import type { EmailContent } from "./email-content";

/** A stand-in for a slot: letters and digits only, so no renderer, translation or escaping changes it. */
const standIn = (slot: string, n: number) => `Xq7${n}${slot.replace(/[^A-Za-z0-9]/g, "")}Xq7`;

/** What React's server renderer writes for these characters, in text and attribute values alike. */
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

export class EmailTemplates<Slot extends string> {
  private readonly templates = new Map<string, { content: EmailContent; pattern: RegExp; slotOf: Map<string, Slot> }>();

  /** `slots`: the per-reader values. `limit`: how many templates are kept (the oldest goes first). */
  constructor(
    private readonly slots: readonly Slot[],
    private readonly limit = 256,
  ) {}

  /**
   * The email `render` writes with `values`, from the template kept under `key`: `render` is called once per key,
   * with stand-ins, each in the shape `shape` gives it (a link's stand-in must still be a URL of its host).
   */
  async fill(
    key: string,
    values: Record<Slot, string>,
    render: (value: (slot: Slot) => string) => Promise<EmailContent>,
    shape: (slot: Slot, standIn: string) => string = (_slot, plain) => plain,
  ): Promise<EmailContent> {
    if (this.slots.some((slot) => /[\r\n]/.test(values[slot]))) return render((slot) => values[slot]);
    let template = this.templates.get(key);
    if (!template) {
      const standIns = new Map(this.slots.map((slot, n) => [slot, shape(slot, standIn(slot, n))]));
      const content = await render((slot) => standIns.get(slot) ?? "");
      const slotOf = new Map([...standIns].map(([slot, s]) => [s, slot]));
      const pattern = new RegExp([...slotOf.keys()].map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
      template = { content, pattern, slotOf };
      const oldest = this.templates.keys().next();
      if (this.templates.size >= this.limit && !oldest.done) this.templates.delete(oldest.value);
      this.templates.set(key, template);
    }
    const { content, pattern, slotOf } = template;
    // One pass per part, so a value that happens to hold a stand-in is not filled in again.
    const fillIn = (part: string, escape: (v: string) => string) =>
      part.replace(pattern, (s) => {
        const slot = slotOf.get(s);
        return slot === undefined ? s : escape(values[slot]);
      });
    return { subject: fillIn(content.subject, (v) => v), text: fillIn(content.text, (v) => v), html: fillIn(content.html, escapeHtml) };
  }
}
