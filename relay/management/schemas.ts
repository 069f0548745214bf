import { Type } from '@sinclair/typebox';

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
