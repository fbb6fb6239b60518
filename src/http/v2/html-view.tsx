/**
 * The HTML face of /v2/: the same data a JSON client gets, as a readable page. Rendered with React on
 * the server, so every value is escaped; ids and related objects are linked.
 */
import type http from "node:http";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactNode } from "react";
import { t, type Locale } from "@/i18n/locale";
import { viewTitlesSv } from "@/i18n/messages";
import { qualityValues } from "@/lib/quality-values";
import type { Route } from "./routes";

/** Browsers ask for text/html first; `?format=json` forces JSON. */
export function wantsHtml(req: http.IncomingMessage, url: URL): boolean {
  const format = url.searchParams.get("format");
  if (format === "json") return false;
  if (format === "html") return true;
  const accept = req.headers.accept ?? "";
  let htmlQ = 0;
  let jsonQ = 0;
  for (const { value: type, q } of qualityValues(accept)) {
    if (type === "text/html" || type === "application/xhtml+xml") htmlQ = Math.max(htmlQ, q);
    if (type === "application/json") jsonQ = Math.max(jsonQ, q);
  }
  return htmlQ > 0 && htmlQ >= jsonQ;
}

interface ViewProps {
  status: number;
  data: unknown;
  route: Route | null;
  url: URL;
  locale: Locale;
  collections: string[];
}

/** The page's one stylesheet, inline; its hash is allowed by the Content-Security-Policy (src/http/security-headers.ts). */
export const PAGE_STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1c2430;background:#f6f7f9}
header{background:#14213d;color:#fff;padding:.7rem 1.5rem;display:flex;gap:1.5rem;align-items:center}
header a{color:#fff;text-decoration:none}header .brand{font-weight:700}
main{max-width:1100px;margin:1.5rem auto;padding:0 1.5rem}
h1{font-size:1.4rem;margin:.2rem 0 1rem}.req{font-family:ui-monospace,monospace;color:#555;font-size:.9rem}
table{border-collapse:collapse;width:100%;background:#fff;border:1px solid #dde1e7}
th,td{text-align:left;padding:.45rem .7rem;border-bottom:1px solid #eceef2;vertical-align:top}
th{background:#f0f2f5;font-weight:600}.null{color:#999;font-style:italic}
pre{background:#fff;border:1px solid #dde1e7;padding:.8rem;overflow:auto;font-size:.85rem}
.pager{display:flex;gap:1rem;margin:1rem 0}.status{display:inline-block;padding:.1rem .5rem;border-radius:4px;background:#e6f4ea}
.status.err{background:#fde8e8}nav.resources a{margin-right:1rem}
`;

function isSafeUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** A scalar as text; objects and functions have no text of their own here. */
function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  return "";
}

function fill(template: string, row: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(text(row[k])));
}

function Value({ name, value, collections }: { name: string; value: unknown; collections: string[] }): ReactNode {
  if (value === null || value === undefined) return <span className="null">null</span>;
  const related = collections.includes(`${name}s`) ? `${name}s` : collections.includes(name) ? name : null;
  if (typeof value === "string") {
    if (isSafeUrl(value)) return <a href={value}>{value}</a>;
    if (related) return <a href={`/v2/${related}/${encodeURIComponent(value)}/`}>{value}</a>;
    return <>{value}</>;
  }
  if (Array.isArray(value) && related && value.every((v) => typeof v === "string")) {
    return (
      <>
        {value.map((v, i) => (
          <span key={i}>
            {i > 0 && ", "}
            <a href={`/v2/${related}/${encodeURIComponent(v)}/`}>{v}</a>
          </span>
        ))}
      </>
    );
  }
  if (typeof value === "object") return <pre>{JSON.stringify(value, null, 2)}</pre>;
  return <>{text(value)}</>;
}

function isEnvelope(data: unknown): data is { count: number; next: string | null; previous: string | null; results: Record<string, unknown>[] } {
  return typeof data === "object" && data !== null && "results" in data && Array.isArray(data.results);
}

function isRecord(data: unknown): data is Record<string, unknown> {
  return Boolean(data && typeof data === "object" && !Array.isArray(data));
}

/** Fields shown masked on pages: a page is on screen for anyone nearby (the JSON API and the dashboard's "Reveal" show them). */
const SECRET_FIELD = /^(secret_key|secret|password|token)$/;
export const MASKED = "••••••••";

export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) && typeof v === "string" ? MASKED : maskSecrets(v)]));
}

function Page(props: ViewProps): ReactNode {
  const { status, route, url, locale, collections } = props;
  const data = maskSecrets(props.data);
  const jsonUrl = new URL(url);
  jsonUrl.searchParams.set("format", "json");
  const summary = route?.meta.openapi?.summary;
  const title = summary
    ? locale === "sv"
      ? (viewTitlesSv[summary] ?? summary)
      : summary
    : status >= 400
      ? t("html_error", { status }, locale)
      : t("html_title", undefined, locale);
  const detailPath = route?.meta.detailPath;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Payroute API`}</title>
        <style dangerouslySetInnerHTML={{ __html: PAGE_STYLE }} />
      </head>
      <body>
        <header>
          <a className="brand" href="/v2/">
            Payroute API
          </a>
          <nav className="resources">
            {collections.map((c) => (
              <a key={c} href={`/v2/${c}/`}>
                {c}
              </a>
            ))}
          </nav>
          <a href="/docs">{t("html_docs", undefined, locale)}</a>
          <a href="/">{t("html_dashboard", undefined, locale)}</a>
        </header>
        <main>
          <h1>{title}</h1>
          <p className="req">
            <span className={status >= 400 ? "status err" : "status"}>{status}</span> GET {url.pathname}
            {url.search} · <a href={jsonUrl.pathname + jsonUrl.search}>{t("html_as_json", undefined, locale)}</a>
          </p>
          {status === 401 && (
            <p>
              {t("html_sign_in", undefined, locale)}{" "}
              <a href={`/login?next=${encodeURIComponent(url.pathname + url.search)}`}>{t("html_sign_in_link", undefined, locale)}</a>
            </p>
          )}
          {isEnvelope(data) ? <ListView data={data} detailPath={detailPath} collections={collections} locale={locale} /> : null}
          {!isEnvelope(data) && isRecord(data) ? <ObjectView data={data} collections={collections} locale={locale} /> : null}
          <pre>{JSON.stringify(data ?? null, null, 2)}</pre>
        </main>
      </body>
    </html>
  );
}

function ListView(props: {
  data: { count: number; next: string | null; previous: string | null; results: Record<string, unknown>[] };
  detailPath?: string;
  collections: string[];
  locale: Locale;
}): ReactNode {
  const { data, detailPath, collections, locale } = props;
  const columns = [...new Set(data.results.flatMap((row) => Object.keys(row)))].filter((c) => c !== "metadata");
  return (
    <section>
      <p>{t("html_count", { count: data.count }, locale)}</p>
      {data.results.length === 0 ? (
        <p>{t("html_empty", undefined, locale)}</p>
      ) : (
        <table>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.results.map((row, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c}>
                    {c === "id" && detailPath && typeof row.id === "string" ? (
                      <a href={fill(detailPath, row)}>{row.id}</a>
                    ) : (
                      <Value name={c} value={row[c]} collections={collections} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="pager">
        {data.previous && isSafeUrl(data.previous) && <a href={data.previous}>{t("html_previous", undefined, locale)}</a>}
        {data.next && isSafeUrl(data.next) && <a href={data.next}>{t("html_next", undefined, locale)}</a>}
      </div>
    </section>
  );
}

function ObjectView({ data, collections, locale }: { data: Record<string, unknown>; collections: string[]; locale: Locale }): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>{t("html_field", undefined, locale)}</th>
          <th>{t("html_value", undefined, locale)}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(data).map(([k, v]) => (
          <tr key={k}>
            <th>{k}</th>
            <td>
              <Value name={k} value={v} collections={collections} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function renderHtml(props: ViewProps): string {
  return `<!doctype html>${renderToStaticMarkup(<Page {...props} />)}`;
}
