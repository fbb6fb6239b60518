/**
 * No import cycle between the folders of src/domain (docs/architecture.md, "Rooms of the domain"). The lint
 * holds each room to its written direction; this holds the whole graph, including a row added wrongly to
 * the lint's table. Imports are read with TypeScript's own pre-processor: static imports and re-exports,
 * `import type` included, by `@/domain/...` or a relative path.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const DOMAIN = path.resolve("src/domain");

interface Edge {
  from: string;
  to: string;
  /** One import that makes the edge, e.g. "payouts/payout-create.ts -> @/domain/payruns/payrun-service". */
  example: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** The folder a path of src/domain lies in; a root file (errors.ts, scope.ts) is a node of its own. */
function nodeOf(file: string): string {
  const parts = path.relative(DOMAIN, file).split(path.sep);
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.tsx?$/, "");
}

/** The folder graph: one edge per pair of folders, with the first import found that makes it. */
function folderEdges(): Edge[] {
  const edges = new Map<string, Edge>();
  for (const file of sourceFiles(DOMAIN)) {
    const from = nodeOf(file);
    for (const { fileName: spec } of ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true).importedFiles) {
      const target = spec.startsWith("@/domain/")
        ? path.join(DOMAIN, spec.slice("@/domain/".length))
        : spec.startsWith(".")
          ? path.resolve(path.dirname(file), spec)
          : null;
      if (!target || path.relative(DOMAIN, target).startsWith("..")) continue;
      const to = nodeOf(target);
      const key = `${from} ${to}`;
      if (from !== to && !edges.has(key)) edges.set(key, { from, to, example: `${path.relative(DOMAIN, file)} -> ${spec}` });
    }
  }
  return [...edges.values()];
}

/** The cycles of `edges`, one per strongly connected component of more than one folder (Tarjan), each as a path round it. */
/** `map`'s value at `key`, which the walk has set. */
function at<V>(map: Map<string, V>, key: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`no entry for ${key}`);
  return value;
}

function folderCycles(edges: readonly Edge[]): Edge[][] {
  const out = new Map<string, Edge[]>();
  for (const e of edges) out.set(e.from, [...(out.get(e.from) ?? []), e]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: Set<string>[] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, at(index, v));
    stack.push(v);
    for (const { to } of out.get(v) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(at(low, v), at(low, to)));
      } else if (stack.includes(to)) low.set(v, Math.min(at(low, v), at(index, to)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = new Set<string>();
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) component.add(w);
    if (component.size > 1) components.push(component);
  };
  for (const v of out.keys()) if (!index.has(v)) visit(v);
  // A path from the component's first folder back to it, walking only inside the component (breadth first: the shortest).
  return components.map((component) => {
    const [start] = component;
    const via = new Map<string, Edge>();
    const queue = [start];
    for (let v = queue.shift(); v !== undefined; v = queue.shift()) {
      for (const e of out.get(v) ?? []) {
        if (!component.has(e.to) || via.has(e.to)) continue;
        via.set(e.to, e);
        queue.push(e.to);
      }
    }
    const cycle: Edge[] = [];
    for (let e = at(via, start); ; e = at(via, e.from)) {
      cycle.unshift(e);
      if (e.from === start) return cycle;
    }
  });
}

describe("src/domain folder imports", () => {
  it("form no cycle", () => {
    const described = folderCycles(folderEdges()).map(
      (cycle) => `${[cycle[0].from, ...cycle.map((e) => e.to)].join(" -> ")}\n${cycle.map((e) => `    ${e.example}`).join("\n")}`,
    );
    expect(described, `import cycles between src/domain folders:\n${described.join("\n")}`).toEqual([]);
  });

  it("the check sees a cycle, and names it with its imports", () => {
    const edges = [
      { from: "payouts", to: "payruns", example: "payouts/a.ts -> @/domain/payruns/b" },
      { from: "payruns", to: "events", example: "payruns/b.ts -> @/domain/events/c" },
      { from: "events", to: "payouts", example: "events/c.ts -> @/domain/payouts/a" },
      { from: "payouts", to: "shared", example: "payouts/a.ts -> @/domain/shared/d" },
    ];
    expect(folderCycles(edges).map((c) => c.map((e) => e.from))).toEqual([["events", "payouts", "payruns"]]);
    expect(folderCycles(edges.slice(0, 2))).toEqual([]);
  });
});
