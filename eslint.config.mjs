// `npm run lint`: typescript-eslint with type information, plus the layer rules of docs/architecture.md
// (eslint-plugin-boundaries). Each layer lists what it may import; anything else fails the build.
import fs from "node:fs";
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The rooms of src/domain (docs/architecture.md, "Rooms of the domain"): each folder is an element of its own, and
 * may import its own files, the domain's root files (errors, scope, environments) and the rooms it lists. The
 * common rooms come first, lowest first; every resource may import them, and they import no resource.
 */
const COMMON_ROOMS = {
  shared: [],
  // The audit log: every room records its changes with recordAudit, in the change's transaction.
  audit: ["shared"],
  notifications: [],
  files: [],
  outbox: ["shared", "notifications"],
  // Its health alerts are emails (notifications/emails/webhook-alert-email.tsx).
  webhooks: ["shared", "notifications", "outbox", "audit"],
  // Recording an event fans it out to the webhooks that subscribe to it.
  events: ["shared", "outbox", "webhooks", "audit"],
};
const COMMON = Object.keys(COMMON_ROOMS);
const RESOURCE_ROOMS = {
  accounts: COMMON,
  "api-keys": COMMON,
  idempotency: COMMON,
  messages: COMMON,
  session: COMMON,
  team: COMMON,
  "request-log": COMMON,
  integrations: COMMON,
  registrations: [...COMMON, "integrations"],
  employees: COMMON,
  // Billing, one way: invoices -> payouts -> payruns -> prepayments -> billing (the Invoice record, the billing lock).
  billing: COMMON,
  prepayments: [...COMMON, "billing"],
  payruns: [...COMMON, "billing", "prepayments"],
  payouts: [...COMMON, "billing", "prepayments", "payruns", "employees"],
  invoices: [...COMMON, "billing", "prepayments", "payruns", "payouts"],
  "payment-terms": COMMON,
  // The demo's stand-ins for the Employee, the review team and the bank: the real acts of those rooms.
  "test-helpers": [...COMMON, "billing", "prepayments", "payruns", "payouts", "employees", "invoices"],
  // The dashboard home reads each resource's own figures (and the operators' queues); nothing imports it.
  home: [...COMMON, "billing", "prepayments", "payruns", "payouts", "employees", "invoices", "registrations", "integrations"],
  // The command palette finds objects of several resources, each the way its own list searches.
  search: [...COMMON, "payouts", "payruns", "employees", "registrations"],
};
const ROOMS = { ...COMMON_ROOMS, ...RESOURCE_ROOMS };
// A new folder needs its row here, or lint would not know which way it may import.
const LAYER_FOLDERS = ["pricing", "status"];
for (const entry of fs.readdirSync(new URL("./src/domain", import.meta.url), { withFileTypes: true })) {
  if (entry.isDirectory() && !LAYER_FOLDERS.includes(entry.name) && !Object.hasOwn(ROOMS, entry.name)) {
    throw new Error(`src/domain/${entry.name}: add it to ROOMS in eslint.config.mjs and to docs/architecture.md`);
  }
}
/** Every element of the domain layer: its root files ("domain") and its rooms. */
const DOMAIN = ["domain", ...Object.keys(ROOMS)];

/**
 * Layers, lowest first, by folder. Two kinds of file sit a step above their folder: a domain folder's
 * `*-router.ts` (the thin tRPC procedures) and `src/trpc/app-router.ts` (which assembles them).
 */
const LAYERS = [
  { type: "generated", pattern: "src/generated" },
  // Neither domain nor edge (Luhn, quality lists, cookies): it imports nothing of the app, and everything may import it.
  { type: "lib", pattern: "src/lib" },
  // The texts of every language and how a language is chosen: data and pure functions that the browser needs too.
  { type: "isomorphic", pattern: "src/i18n/catalogue" },
  { type: "base", pattern: "src/{config,i18n}" },
  { type: "db", pattern: "src/db" },
  // Pure business rules (prices, money): no database, no other domain folder.
  { type: "rules", pattern: "src/domain/pricing" },
  // Rules the browser needs too (statuses): they import nothing, and the dashboard may import their values.
  { type: "isomorphic", pattern: "src/domain/status" },
  ...Object.keys(ROOMS).map((room) => ({ type: room, pattern: `src/domain/${room}` })),
  { type: "domain", pattern: "src/domain" },
  { type: "trpc", pattern: "src/trpc" },
  { type: "edge", pattern: "src/{http,auth}" },
  { type: "worker", pattern: "src/worker" },
  { type: "app", pattern: "src/{server,cli}" },
  { type: "dashboard", pattern: "src/{dashboard,app}" },
];
/**
 * Files of another layer than their folder's (elements are folders): a file descriptor names their layer as its
 * category, and `inLayers` takes them out of their folder's element.
 */
const FILE_LAYERS = [
  { category: "base", pattern: "src/log*.ts" },
  // The batch size that the server enforces and the dashboard's batch link splits at: one number both need.
  { category: "isomorphic", pattern: "src/trpc/batch-limit.ts" },
  // The worker process's entry point is an application, like the server's: it may start the metrics listener.
  { category: "app", pattern: "src/worker/main.ts" },
];
const FILES = [{ category: "procedures", pattern: "src/domain/**/*-router.ts" }, { category: "api", pattern: "src/trpc/app-router.ts" }, ...FILE_LAYERS];
const NOT_A_FILE_LAYER = `!{${FILE_LAYERS.map((f) => f.pattern).join(",")}}`;
/**
 * The files of these layers: their folders' files, but FILE_LAYERS' files of other layers, and FILE_LAYERS' of these.
 * `by` is the element selector's key: `type` (an importing file's element) or `types` (an imported one's), as before.
 */
const inLayers = (types, by = "types") => [{ element: { [by]: types }, file: { path: NOT_A_FILE_LAYER } }, { file: { categories: types } }];

const BELOW_DOMAIN = ["lib", "generated", "base", "db", "rules", "isomorphic"];
/**
 * A file's layer in a message: its file category where a descriptor of FILES gives it one (a router's "procedures",
 * FILE_LAYERS' files) with its folder's, else its folder's element (a room, a layer). A Handlebars template of
 * eslint-plugin-boundaries.
 */
const layerOf = (side) =>
  `{{#if ${side}.file.categories.[0]}}{{${side}.file.categories.[0]}}{{#if ${side}.type}} (in the {{${side}.type}} folder){{/if}}{{else}}{{${side}.type}}{{/if}}`;
const layerMessage =
  `${layerOf("from")} code may not import this ${layerOf("to")} code: each layer and room imports only what its row in ` +
  "docs/architecture.md allows. Move what both need down to a layer or room that both may import, or the code that needs it up";
const SERVER = ["generated", "base", "db", "rules", ...DOMAIN, "trpc", "edge", "worker", "app"];

/** A policy: files of layer `from` may import files of the layers `to` (only `import type` when kind is "type"). */
function layer(from, to, kind) {
  return { from: inLayers([from], "type"), allow: { to: inLayers(to), ...(kind ? { dependency: { kind } } : {}) } };
}
const routers = { to: { file: { categories: "procedures" } } };

// Typed SQL (docs/architecture.md): SQL text lives in the query-builder layer (src/db/) and the migrations;
// services write their statements with Kysely against the generated table types.
const PROCESS_ENV = { object: "process", property: "env", message: "read configuration through src/config/env.ts" };
const RAW_SQL = ["$queryRaw", "$queryRawUnsafe", "$executeRaw", "$executeRawUnsafe"].map((property) => ({
  property,
  message: "write SQL with the query builder (src/db/query-builder.ts; docs/architecture.md, Typed SQL)",
}));
const SQL_TEMPLATE = {
  paths: [{ name: "kysely", importNames: ["sql"], message: "SQL text belongs in src/db/ (docs/architecture.md, Typed SQL)" }],
};
const api = { to: { file: { categories: "api" } } };

// --- SQL text and configuration reads (issue 23): AST selectors, in blocks of their own below. ---
/** SQL text handed to a driver (`fastSql(db).query("…")`, `pglite.query(`…`)`, `.exec("…")`): it belongs in src/db/. */
const SQL_TEXT = {
  selector: "CallExpression[callee.property.name=/^(query|exec)$/]:matches([arguments.0.type='TemplateLiteral'], [arguments.0.value=type(string)])",
  message: "SQL text belongs in src/db/: write the statement with the query builder, or as a function of src/db/ (docs/architecture.md, Typed SQL)",
};
/** The global configuration is read at the entry points only, and what the rest needs is passed in. */
const ENV_READ = {
  selector: "ImportDeclaration[source.value=/config\\/env$/] > ImportSpecifier[imported.name=/^(env|readEnv)$/]",
  message: "configuration is read at the entry points (src/server, src/worker/main.ts, src/cli) and passed in (docs/architecture.md, Configuration)",
};
/** Where `env()` may be called: the processes' entry points, the config module, and the migrator's MIGRATIONS_DIR. */
const ENTRY_POINTS = ["src/server/**", "src/worker/main.ts", "src/cli/**", "src/config/**", "src/db/migrate.ts"];
const SRC = ["src/**/*.ts", "src/**/*.tsx"];
/** The domain reads the time from the Clock it is given, in JavaScript and in SQL (docs/architecture.md, Time). */
const CLOCK_READS = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: "the domain reads the time from its Clock: clock.now() (docs/architecture.md, Time)",
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: "the domain reads the time from its Clock: clock.now() (docs/architecture.md, Time)",
  },
  {
    selector: "CallExpression[callee.property.name='fn'][arguments.0.value='now']",
    message: "the domain's SQL takes the time from its Clock as a parameter: at(clock.now()) (docs/architecture.md, Time)",
  },
  {
    selector: "ImportDeclaration[source.value=/query-builder$/] > ImportSpecifier[imported.name='secondsSince']",
    message: "the database's now() is not the domain's time: compare with at(...) of the Clock's time (docs/architecture.md, Time)",
  },
];
/**
 * A transaction's statements one after the other: its one connection runs one query at a time, so a
 * `Promise.all` over `tx` only queues them in pg (which warns, and pg 9 refuses). Caught where it can be
 * seen: inside a `$transaction(...)` callback, and in a function taking `tx`.
 */
const PARALLEL = "CallExpression[callee.object.name='Promise'][callee.property.name=/^(all|allSettled|any|race)$/]";
const TX_PARALLEL = {
  selector: `:function:has(> Identifier[name='tx']) ${PARALLEL}, CallExpression[callee.property.name='$transaction'] ${PARALLEL}`,
  message: "a transaction runs one statement at a time: await its queries one after the other (no Promise.all in a transaction)",
};
/** Where the time may be read directly: the clock itself (its systemClock); tests are outside the rule. */
const CLOCK_EXEMPT = ["src/domain/shared/clock.ts", "**/*.test.ts"];
// --- end ---

/**
 * Linted with type information: the server's code (the layers below the dashboard), in the program of
 * tsconfig.eslint.json. Not the dashboard, the tests (here and in tests/, e2e/) or the catalogue's texts (data).
 */
const TYPED = ["src/**/*.ts", "src/**/*.tsx"];
const UNTYPED = ["src/dashboard/**", "src/app/**", "src/i18n/catalogue/**", "**/*.test.ts"];

export default tseslint.config(
  {
    ignores: ["src/generated/**", ".next/**", "dist/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  // --- Type information (issue 23: lint under a minute): the type-aware rules run on the server's code, where a
  // promise left floating or passed where nothing awaits it loses a write or an error. The dashboard, the tests,
  // the e2e suite and the scripts take the rules without types: with them in the program (React's, Next's and the
  // test libraries' types) a cold lint took 71 s of CPU, without them about 45 s. ---
  {
    files: TYPED,
    ignores: UNTYPED,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: "./tsconfig.eslint.json", tsconfigRootDir: import.meta.dirname },
    },
    // Interfaces with Promise-returning methods have in-memory implementations with nothing to await.
    rules: { "@typescript-eslint/require-await": "off" },
  },
  // --- end ---
  {
    rules: {
      // `import type` for what is only a type: the dashboard's bundle then never pulls server code in by accident.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "separate-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // Configuration is read once, validated, in src/config/env.ts (README, "Configuration").
      "no-restricted-properties": ["error", PROCESS_ENV, ...RAW_SQL],
      "no-restricted-imports": ["error", SQL_TEMPLATE],
    },
  },
  {
    // The query-builder layer: the only place for SQL text.
    files: ["src/db/**"],
    rules: { "no-restricted-properties": ["error", PROCESS_ENV], "no-restricted-imports": "off" },
  },
  {
    files: ["src/**/*.ts", "src/**/*.tsx"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": LAYERS,
      "boundaries/files": FILES,
      "boundaries/include": ["src/**"],
      // The `@/` alias of tsconfig.json, resolved in plain JavaScript (the TypeScript resolver needs native
      // bindings that the registry here serves for Linux only, which `npm ci` refuses).
      "import/resolver": { alias: { map: [["@", "./src"]], extensions: [".ts", ".tsx", ".mjs", ".js", ".json"] } },
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          // Within a room too: a service importing its own folder's router is refused like any other.
          checkInternals: true,
          message: layerMessage,
          policies: [
            layer("lib", ["lib"]),
            layer("generated", ["generated"]),
            layer("base", ["lib", "generated", "base", "isomorphic"]),
            layer("db", ["lib", "generated", "base", "db"]),
            layer("rules", ["lib", "generated", "base", "rules"]),
            layer("isomorphic", ["lib", "isomorphic"]),
            // Services and schemas: no tRPC, no HTTP, no worker, no server, no dashboard; a room only the rooms it lists.
            layer("domain", [...BELOW_DOMAIN, "domain"]),
            ...Object.entries(ROOMS).map(([room, may]) => layer(room, [...BELOW_DOMAIN, "domain", room, ...may])),
            layer("trpc", [...BELOW_DOMAIN, ...DOMAIN, "trpc"]),
            layer("edge", [...BELOW_DOMAIN, ...DOMAIN, "trpc", "edge"]),
            layer("worker", [...BELOW_DOMAIN, ...DOMAIN, "worker"]),
            layer("app", [...BELOW_DOMAIN, ...DOMAIN, "trpc", "edge", "worker", "app"]),
            // The procedures (`*-router.ts`) may use tRPC; only the app router assembles them.
            { from: { file: { categories: "procedures" } }, allow: { to: { element: { type: "trpc" } } } },
            // Nothing imports a router or the app router but what the next rules allow (a service never does).
            { disallow: routers, message: "only procedures and the app router import a router (*-router.ts); a service never does (docs/architecture.md)" },
            { disallow: api, message: "only the edge and the app import the app router (docs/architecture.md)" },
            { from: { file: { categories: "procedures" } }, allow: routers },
            { from: { file: { categories: "api" } }, allow: routers },
            { from: inLayers(["edge", "app"], "types"), allow: api },
            // The dashboard runs in the browser: server code reaches it only as types (the AppRouter, zod inputs).
            layer("dashboard", ["dashboard", "isomorphic", "lib"]),
            layer("dashboard", SERVER, "type"),
            { from: inLayers(["dashboard"], "type"), allow: { ...api, dependency: { kind: "type" } } },
          ],
        },
      ],
    },
  },
  // --- SQL text, configuration reads and parallel statements in a transaction: one rule, no-restricted-syntax, whose options each block
  // sets whole (a later block replaces them), hence one block per combination. Tests and scripts are exempt. ---
  { files: SRC, ignores: ["src/db/**", ...ENTRY_POINTS], rules: { "no-restricted-syntax": ["error", SQL_TEXT, ENV_READ, TX_PARALLEL] } },
  { files: ["src/domain/**"], ignores: CLOCK_EXEMPT, rules: { "no-restricted-syntax": ["error", SQL_TEXT, ENV_READ, TX_PARALLEL, ...CLOCK_READS] } },
  { files: ["src/db/**"], ignores: ENTRY_POINTS, rules: { "no-restricted-syntax": ["error", ENV_READ, TX_PARALLEL] } },
  { files: ENTRY_POINTS, ignores: ["src/db/**"], rules: { "no-restricted-syntax": ["error", SQL_TEXT, TX_PARALLEL] } },
  // --- end ---
  {
    // Where the environment is read by design: the config module, and the tools around the app.
    files: ["src/config/**", "scripts/**", "tests/**", "e2e/**", "*.config.ts", "*.config.mjs"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    // Tests read response bodies (`Response.json()` is `any`) and assert on their shape.
    files: ["tests/**", "e2e/**", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
);
