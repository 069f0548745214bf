import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One import of a module: what it names, and whether it is erased at compile time (`import type`). */
export interface ImportEdge {
  specifier: string;
  typeOnly: boolean;
  /** For a relative specifier, the imported file, relative to `relay/` (e.g. `ir/usage.ts`). */
  target?: string;
}

export const relayDir = resolve(import.meta.dirname, '../../../relay');

/**
 * Every `.ts` file under `relay/` (paths relative to it, `/`-separated) with its imports:
 * `import … from`, `export … from`, `import x = require(…)`, and `import(…)` / `require(…)`
 * calls, read with the TypeScript parser so multi-line and type-only imports are seen as such.
 */
export function relayImportGraph(): Map<string, ImportEdge[]> {
  const files = readdirSync(relayDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split('\\').join('/'))
    .sort();
  const graph = new Map<string, ImportEdge[]>();
  for (const file of files) graph.set(file, importsOf(file));
  return graph;
}

function importsOf(file: string): ImportEdge[] {
  const source = ts.createSourceFile(file, readFileSync(join(relayDir, file), 'utf8'), ts.ScriptTarget.Latest, false);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const edge: ImportEdge = { specifier, typeOnly };
    if (specifier.startsWith('.')) {
      edge.target = relative(relayDir, resolve(relayDir, dirname(file), specifier)).split('\\').join('/').replace(/\.js$/, '.ts');
    }
    edges.push(edge);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) add(expression.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0]!)
    ) {
      add((node.arguments[0] as ts.StringLiteralLike).text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Whether a file path (relative to `relay/`) lies in one of the folders. */
export function inFolder(file: string, folders: readonly string[]): boolean {
  return folders.some((folder) => file === folder || file.startsWith(`${folder}/`));
}

/**
 * The import cycles among relay's own files (relative imports), each as the path that closes
 * it (`a.ts → b.ts → a.ts`). Depth-first search with the usual three colours: an edge to a
 * file still on the stack closes a cycle; each cycle is reported once, from where it was met.
 */
export function findCycles(graph: Map<string, ImportEdge[]>, options: { includeTypeOnly: boolean }): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const edge of graph.get(file) ?? []) {
      if (edge.target === undefined || !graph.has(edge.target)) continue;
      if (edge.typeOnly && !options.includeTypeOnly) continue;
      const seen = state.get(edge.target);
      if (seen === 'open') cycles.push([...stack.slice(stack.indexOf(edge.target)), edge.target]);
      else if (seen === undefined) visit(edge.target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}
