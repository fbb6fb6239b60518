/**
 * Fonts of the invoice PDF. pdfkit's built-in Helvetica holds Windows-1252 only, and pdfkit has no font
 * fallback, so other text (names and addresses in any script, emoji) is split into runs, each drawn in a
 * font that has it: Helvetica for Windows-1252 (so a Latin invoice is as before), WenQuanYi Micro Hei for
 * Chinese, Japanese and Korean, Symbola for emoji, DejaVu Sans for the rest. The three are Debian packages
 * (fonts-wqy-microhei, fonts-symbola, fonts-dejavu-core; .ci/run installs them): where one is missing, its
 * text goes to another of them, and text no installed font can draw becomes "?" instead of garbled letters.
 */
import fs from "node:fs";

export type FontRole = "unicode" | "unicodeBold" | "cjk" | "emoji";

export interface FontFile {
  file: string;
  /** The face's PostScript name in a collection (.ttc), which pdfkit needs to pick it. */
  family?: string;
}

/** Where Debian installs each font. */
export const FONT_FILES: Record<FontRole, FontFile> = {
  unicode: { file: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf" },
  unicodeBold: { file: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf" },
  cjk: { file: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", family: "WenQuanYiMicroHei" },
  emoji: { file: "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf" },
};

export interface LoadedFont {
  data: Buffer;
  family?: string;
}

/** The font files found, read once per process (pdfkit parses a buffer lazily, per document). */
export type InstalledFonts = Partial<Record<FontRole, LoadedFont>>;

let installed: InstalledFonts | undefined;
export function installedFonts(): InstalledFonts {
  installed ??= Object.fromEntries(
    Object.entries(FONT_FILES).flatMap(([role, { file, family }]) => (fs.existsSync(file) ? [[role, { data: fs.readFileSync(file), family }]] : [])),
  );
  return installed;
}

// Windows-1252's printable characters beyond Latin-1, which pdfkit's Helvetica encodes too.
const CP1252_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}/u;
// Joiners and variation selectors (emoji sequences): no font here draws them, and they carry no text.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

function isHelvetica(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch) || ch === "\n";
}

/** The fonts that may draw `ch`, best first. */
function candidates(ch: string, bold: boolean): FontRole[] {
  const unicode: FontRole[] = bold ? ["unicodeBold", "unicode"] : ["unicode"];
  if (CJK.test(ch)) return ["cjk", ...unicode];
  if (EMOJI.test(ch)) return ["emoji", ...unicode];
  return [...unicode, "cjk", "emoji"];
}

/** A piece of text and the font (a pdfkit standard font name, or a FontRole registered by that name) that draws it. */
export interface TextRun {
  font: string;
  text: string;
}

/** `text` as runs of one font each; Windows-1252 text is one Helvetica run, exactly as pdfkit drew it before. */
export function textRuns(text: string, bold: boolean, fonts: InstalledFonts): TextRun[] {
  const helvetica = bold ? "Helvetica-Bold" : "Helvetica";
  const runs: TextRun[] = [];
  for (const ch of text) {
    let font = helvetica;
    let drawn = ch;
    if (!isHelvetica(ch)) {
      if (IGNORABLE.test(ch)) continue;
      const role = candidates(ch, bold).find((r) => fonts[r]);
      if (role) font = role;
      else drawn = "?";
    }
    const last = runs.at(-1);
    if (last?.font === font) last.text += drawn;
    else runs.push({ font, text: drawn });
  }
  return runs.length > 0 ? runs : [{ font: helvetica, text: "" }];
}
