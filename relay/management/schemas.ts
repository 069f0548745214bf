import { Type } from '@sinclair/typebox';
import { CALL_FAMILIES } from '../ir/call-family.js';
import { BILLING_UNITS } from '../ir/usage.js';
import type { BillingUnit } from '../ir/usage.js';

// Schemas shared by several management routes (request validation and the OpenAPI document).

export const UserViewSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  display_name: Type.String(),
  role: Type.Union([Type.Literal(1), Type.Literal(10), Type.Literal(100)], { description: '1 common, 10 admin, 100 root' }),
  status: Type.Integer({ description: '1 enabled, 2 disabled' }),
  email: Type.String(),
  group: Type.String(),
  quota: Type.Integer(),
  used_quota: Type.Integer(),
  request_count: Type.Integer(),
  has_access_token: Type.Boolean(),
  created_at: Type.Integer(),
  last_login_at: Type.Integer(),
  language: Type.String({ description: "The console language the user chose ('en', 'zh-CN'); empty: not chosen (the browser's)" }),
});

export const Nothing = Type.Null();

/** Paged lists: `p` (1-based) and `page_size`. */
export const PageQuery = {
  p: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};

export function pageOf<T extends import('@sinclair/typebox').TSchema>(item: T) {
  return Type.Object({ items: Type.Array(item), total: Type.Integer(), page: Type.Integer(), page_size: Type.Integer() });
}

/** One call family (chat, embeddings, rerank…). */
export function FamilySchema(description?: string) {
  return Type.Union(CALL_FAMILIES.map((family) => Type.Literal(family)), description === undefined ? {} : { description });
}

/** A number per billing unit other than tokens (a count, or USD per unit), each kind optional; `each` describes one. */
export function UnitCountsSchema(description: string, each: (unit: BillingUnit) => { minimum?: number; maximum?: number; description?: string } = () => ({})) {
  return Type.Object(Object.fromEntries(BILLING_UNITS.map((unit) => [unit, Type.Optional(Type.Number(each(unit)))])), { description });
}
