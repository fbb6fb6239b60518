/**
 * zod's error messages, taken from our catalogue in the request's language (DRF-style wording, which is
 * what clients of this API already parse and show).
 */
import { z } from "zod";
import { t } from "./locale";

type Issue = z.core.$ZodRawIssue;

function describe(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "list";
  return typeof input === "object" ? "dict" : typeof input;
}

export function zodMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return t("required");
      if (issue.input === null) return t("null");
      switch (issue.expected) {
        case "string":
          return t("invalid_string");
        case "int":
          return t("invalid_integer");
        case "number":
          return t("invalid_number");
        case "boolean":
          return t("invalid_boolean");
        case "array":
          return t("invalid_list", { type: describe(issue.input) });
        case "object":
        case "record":
          return t("invalid_object");
        default:
          return t("invalid_value");
      }
    case "too_small":
      if (issue.origin === "string") return issue.minimum === 1 ? t("blank") : t("too_short", { min: Number(issue.minimum) });
      if (issue.origin === "array") return t("required");
      return t("too_small", { min: Number(issue.minimum) });
    case "too_big":
      if (issue.origin === "string") return t("too_long", { max: Number(issue.maximum) });
      return t("too_big", { max: Number(issue.maximum) });
    case "invalid_format":
      if (issue.format === "email") return t("invalid_email");
      if (issue.format === "url") return t("invalid_url");
      if (issue.format === "datetime") return t("invalid_datetime");
      return t("invalid_value");
    case "invalid_value":
      return t("invalid_choice", { value: String(issue.input) });
    case "unrecognized_keys":
      return t("unknown_field");
    default:
      return undefined;
  }
}

let installed = false;
export function installZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => zodMessage(issue) });
}
