import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { equalsConstantTime } from '../../../relay/auth/secret-token.js';
import { relayDir } from './import-graph.js';

// Constant-time comparisons (issue 18): a secret given by a client is never compared with `===`,
// whose time tells how many leading characters matched. The relay compares secrets three ways:
// hashed and looked up (API keys, sessions, codes: the SHA-256 of a random secret, nothing to
// learn from its timing), scrypt + timingSafeEqual (passwords), or equalsConstantTime (setup
// code, one-time codes, signed proofs); otpauth compares TOTP codes with timingSafeEqual. This
// wall reads every equality in relay/ whose operand is named like a secret and fails on one
// that is neither against a literal nor known to be harmless.

const SECRET_NAME = /(password|secret|signature|setup_?code|api_?key|access_?token|otp|backup_?code|nonce|verifier|csrf_?token|^state|^code|^token|^key)$/i;

/** Equalities whose operands are named like secrets but are not: file, text, why. */
const HARMLESS: Array<[string, string, string]> = [
  ['cli/rotate-secret-key.ts', '(error as { code?: unknown }).code === UNDEFINED_TABLE', 'a PostgreSQL error code'],
  ['store/postgres/catalog.ts', 'error?.code === UNIQUE_VIOLATION', 'a PostgreSQL error code'],
  ['management/options.ts', 's.key === key', 'a setting name'],
  ['settings.ts', 's.key === key', 'a setting name'],
  ['store/embedded/records.ts', 'u.aff_code === code', 'an invitation code: public, shared on purpose'],
  ['store/logs/log-store.ts', 'key === dayKeyOf(this.now())', 'a day'],
  ['store/postgres/record-table.ts', 'name === this.key', 'a column name'],
  ['store/stats/stats-store.ts', 'dayKeyOf(row.hour) === key', 'a day'],
  ['store/stats/stats-store.ts', 'day.key !== today', 'a day'],
  ['store/stats/stats-store.ts', 'day.key !== yesterday', 'a day'],
  ['upstream/discover-models.ts', 'next === token', 'a pagination token of the upstream’s model list'],
];

const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);

function nameOf(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)) return node.argumentExpression.text;
  return undefined;
}

function isConstant(node: ts.Expression): boolean {
  return (
    ts.isStringLiteral(node) ||
    ts.isNumericLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isTypeOfExpression(node) ||
    node.kind === ts.SyntaxKind.NullKeyword ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    (ts.isIdentifier(node) && node.text === 'undefined')
  );
}

/** `file: expression` of every equality between two non-constant operands, one named like a secret. */
export function secretEqualities(file: string, source: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind) && !isConstant(node.left) && !isConstant(node.right)) {
      if ([nameOf(node.left), nameOf(node.right)].some((name) => name !== undefined && SECRET_NAME.test(name))) found.push(`${file}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return found;
}

describe('secrets are compared in constant time', () => {
  it('no equality in relay/ compares a secret with === (only hashed lookups, timingSafeEqual or equalsConstantTime)', () => {
    const files = readdirSync(relayDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(100);
    const harmless = new Set(HARMLESS.map(([file, text]) => `${file}: ${text}`));
    const found = files.flatMap((file) => secretEqualities(file, readFileSync(join(relayDir, file), 'utf8')));
    expect(found.filter((f) => !harmless.has(f))).toEqual([]);
  });

  it('the scan catches what it is for', () => {
    const source = 'if (body.password !== user.password) fail(); if (signature === expected) ok(); if (given == setupCode) ok(); if (x.code === "ENOENT") skip();';
    expect(secretEqualities('x.ts', source)).toEqual(['x.ts: body.password !== user.password', 'x.ts: signature === expected', 'x.ts: given == setupCode']);
  });

  it('equalsConstantTime answers like === for equal and unequal lengths', () => {
    expect(equalsConstantTime('12345678', '12345678')).toBe(true);
    expect(equalsConstantTime('12345678', '12345679')).toBe(false);
    expect(equalsConstantTime('1234', '12345678')).toBe(false);
    expect(equalsConstantTime('', '')).toBe(true);
  });
});
