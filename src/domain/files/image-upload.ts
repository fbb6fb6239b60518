/**
 * Logo uploads: base64 (optionally a data: URL) in JSON, or a file in multipart. The type is taken from
 * the bytes, never from what the client claims, and only images are accepted.
 */
import { z } from "zod";
import { fieldError } from "@/domain/errors";
import { t } from "@/i18n/locale";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export const ZImageInput = z
  .union([z.string(), z.instanceof(File).meta({ type: "string", format: "binary", description: "an image file (multipart)" })])
  .nullish();
export type TImageInput = z.infer<typeof ZImageInput>;

export interface ImageFile {
  contentType: string;
  filename: string;
  data: Uint8Array<ArrayBuffer>;
}

const SIGNATURES: { type: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  { type: "image/png", ext: "png", test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", ext: "gif", test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  {
    type: "image/webp",
    ext: "webp",
    test: (b) => b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45,
  },
  {
    type: "image/svg+xml",
    ext: "svg",
    test: (b) => /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(new TextDecoder().decode(b.slice(0, 1024))),
  },
];

function safeName(name: string, ext: string): string {
  const base = name
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "logo"}.${ext}`;
}

/** Decodes and checks an uploaded image; `field` names the field in errors. */
export async function readImage(input: string | File, field: string): Promise<ImageFile> {
  let bytes: Uint8Array<ArrayBuffer>;
  let name = "logo";
  if (typeof input === "string") {
    const base64 = input.replace(/^data:[^;,]*;base64,/, "").replace(/\s+/g, "");
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64) || base64.length === 0) throw fieldError(field, t("invalid_image"));
    bytes = new Uint8Array(Buffer.from(base64, "base64"));
  } else {
    name = input.name || name;
    if (input.size > MAX_IMAGE_BYTES) throw fieldError(field, t("image_too_large", { limit: "2 MB" }));
    bytes = new Uint8Array(await input.arrayBuffer());
  }
  if (bytes.length > MAX_IMAGE_BYTES) throw fieldError(field, t("image_too_large", { limit: "2 MB" }));
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) throw fieldError(field, t("invalid_image"));
  return { contentType: kind.type, filename: safeName(name, kind.ext), data: bytes };
}

export function fileUrl(baseUrl: string, file: { pk: string; filename: string } | null): string | null {
  return file ? `${baseUrl}/media/${file.pk}/${encodeURIComponent(file.filename)}` : null;
}
