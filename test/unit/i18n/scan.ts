// Reads the console's catalogues (renderer/i18n/<language>/<area>.json) and its source, for
// the catalogue tests: the keys each language has, the keys the code asks for, and text a
// person would read that does not go through a catalogue.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const RENDERER = join(import.meta.dirname, '../../../renderer');
const CATALOGUES = join(RENDERER, 'i18n');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** language → area → flattened key → text. */
export function catalogues(): Map<string, Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, Map<string, string>>>();
  for (const language of readdirSync(CATALOGUES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
    const areas = new Map<string, Map<string, string>>();
    for (const file of readdirSync(join(CATALOGUES, language)).filter((f) => f.endsWith('.json'))) {
      const keys = new Map<string, string>();
      flatten(JSON.parse(readFileSync(join(CATALOGUES, language, file), 'utf8')), '', keys);
      areas.set(file.slice(0, -'.json'.length), keys);
    }
    out.set(language, areas);
  }
  return out;
}

function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix === '' ? key : `${prefix}.${key}`, into);
  } else into.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
}

/** A key as the code names it: plural forms (`count_one`, `count_other`) are one key. */
export function baseKey(key: string): string {
  return key.replace(PLURAL, '');
}

export function sourceFiles(dir = RENDERER, ext = /\.tsx?$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sourceFiles(path, ext);
    return ext.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

export function rel(path: string): string {
  return relative(RENDERER, path);
}

function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

function literal(node: ts.Node | undefined): string | null {
  return node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
}

export interface KeyUse {
  file: string;
  line: number;
  /** The areas the key may be in (the file's useTranslation areas, or the one its `area:` prefix names). */
  areas: string[];
  key: string;
  /** A template key (`status.${x}`): only its fixed start is known. */
  prefixOnly: boolean;
}

/** Every catalogue key the source asks for: t('…'), i18n.t('area:…'), <Trans i18nKey="…">. */
export function keyUses(path: string): KeyUse[] {
  const source = parse(path);
  const fileAreas = new Set<string>();
  walk(source, (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'useTranslation') {
      const arg = node.arguments[0];
      if (arg === undefined) fileAreas.add('common');
      else if (literal(arg) !== null) fileAreas.add(literal(arg)!);
      else if (ts.isArrayLiteralExpression(arg)) for (const item of arg.elements) if (literal(item) !== null) fileAreas.add(literal(item)!);
    }
    // A t handed in as a parameter: `t: TFunction<'logs'>`.
    if (ts.isTypeReferenceNode(node) && node.typeName.getText() === 'TFunction') {
      const arg = node.typeArguments?.[0];
      if (arg !== undefined && ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) fileAreas.add(arg.literal.text);
    }
  });
  const uses: KeyUse[] = [];
  const add = (node: ts.Node, text: string, prefixOnly: boolean) => {
    const colon = text.indexOf(':');
    const areas = colon > 0 ? [text.slice(0, colon)] : fileAreas.size > 0 ? [...fileAreas] : ['common'];
    uses.push({ file: rel(path), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, areas, key: colon > 0 ? text.slice(colon + 1) : text, prefixOnly });
  };
  walk(source, (node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isT = (ts.isIdentifier(callee) && callee.text === 't') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 't');
      const arg = node.arguments[0];
      if (!isT || arg === undefined) return;
      if (literal(arg) !== null) add(arg, literal(arg)!, false);
      else if (ts.isTemplateExpression(arg)) add(arg, arg.head.text, true);
    }
    if (ts.isJsxAttribute(node) && node.name.getText() === 'i18nKey' && node.initializer !== undefined) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (literal(value) !== null) add(node, literal(value)!, false);
    }
  });
  return uses;
}

// Names, not words: the same in every language.
const NAMES =
  /\b(Claude Code|Codex CLI|Gemini CLI|Azure OpenAI|Relaydesk|OpenAI|Anthropic|Claude|Gemini|GitHub|DeepSeek|OpenRouter|Ollama|Cohere|Jina|Stripe|JSON|CSV|URL|API|SDK|HTTP|curl|Python|JavaScript|USD|ID|TOTP|PostgreSQL|Redis|ms)\b/g;
/** Props whose string values people read. */
const READ_PROPS = new Set(['label', 'title', 'lead', 'hint', 'placeholder', 'aria-label', 'alt', 'description', 'heading', 'summary', 'confirmLabel', 'submitLabel', 'emptyText', 'empty']);
/** Calls whose string arguments end up on screen. */
const SHOWN_CALL = /^(set(Error|Notice|Message|Status|Info|Problem|Warning|Done|Saved|Result|Failure|ServerError|LoadError|ActionError|DeleteError|BulkError)|onError|onNotice|onDone|fail|alert)$/;

/** Object fields whose string values people read (table columns, options, menu entries). */
const READ_FIELDS = new Set([...READ_PROPS, 'header', 'text', 'message', 'tooltip']);
/** A catalogue key (`nav.keys`), not text. */
const KEY = /^[a-z][\w-]*(:[\w-]+)?(\.[\w-]+)+$/;

function reads(text: string): boolean {
  return !KEY.test(text) && /\p{L}/u.test(text.replace(NAMES, ''));
}

/** Strings an expression may evaluate to directly (through ?:, &&, ||, ??, parentheses). */
function shownStrings(node: ts.Node | undefined, out: ts.Node[]): void {
  if (node === undefined) return;
  if (ts.isParenthesizedExpression(node)) shownStrings(node.expression, out);
  else if (ts.isConditionalExpression(node)) {
    shownStrings(node.whenTrue, out);
    shownStrings(node.whenFalse, out);
  } else if (ts.isBinaryExpression(node) && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)) {
    shownStrings(node.right, out);
    if (node.operatorToken.kind !== ts.SyntaxKind.AmpersandAmpersandToken) shownStrings(node.left, out);
  } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    if (reads(node.text)) out.push(node);
  } else if (ts.isTemplateExpression(node)) {
    if (reads([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' '))) out.push(node);
  }
}

/** Text a person reads that is written in the source instead of coming from a catalogue: "file:line text". */
export function bareText(path: string): string[] {
  const source = parse(path);
  const found: ts.Node[] = [];
  walk(source, (node) => {
    if (ts.isJsxText(node) && reads(node.text)) found.push(node);
    else if (ts.isJsxExpression(node) && node.parent !== undefined && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) shownStrings(node.expression, found);
    else if (ts.isJsxAttribute(node) && READ_PROPS.has(node.name.getText()) && node.initializer !== undefined) {
      shownStrings(ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer, found);
    } else if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) && READ_FIELDS.has(node.name.text)) {
      shownStrings(node.initializer, found);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && SHOWN_CALL.test(node.expression.text)) {
      for (const arg of node.arguments) shownStrings(arg, found);
    }
  });
  return found.map((node) => `${rel(path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText().trim().slice(0, 80)}`);
}
