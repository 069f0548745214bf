import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { SupplierStatus } from '../store/suppliers.js';
import type { SupplierRecord } from '../store/schema.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { Nothing, PageQuery, pageOf } from './schemas.js';

/** A data URL icon stays small: it is kept in the state file and sent with every list. */
const MAX_DATA_URL_ICON = 256 * 1024;
const MAX_URL_ICON = 2048;
const DATA_URL_ICON = /^data:image\/(png|jpeg|gif|webp|svg\+xml|x-icon|vnd\.microsoft\.icon);base64,([A-Za-z0-9+/]+={0,2})$/;

const SupplierViewSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  icon: Type.String({ description: 'An http(s) URL, a data:image/… URL, or empty' }),
  status: Type.Integer({ description: '1 enabled, 2 disabled' }),
  models: Type.Integer({ description: 'Models described as this supplier’s' }),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});

const SupplierFields = {
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  icon: Type.Optional(Type.String()),
  status: Type.Optional(Type.Union([Type.Literal(SupplierStatus.enabled), Type.Literal(SupplierStatus.disabled)])),
};

/** '' or a valid icon: an http(s) URL, or a base64 data URL of an image. */
export function checkedIcon(value: string | undefined): string {
  const icon = (value ?? '').trim();
  if (icon === '') return '';
  if (icon.startsWith('data:')) {
    if (icon.length > MAX_DATA_URL_ICON) throw new ApiError(400, `The icon data URL is larger than ${MAX_DATA_URL_ICON / 1024} KB; use a smaller image or a link.`);
    const match = DATA_URL_ICON.exec(icon);
    if (!match || match[2]!.length % 4 !== 0) throw new ApiError(400, 'The icon must be a base64 data URL of an image (data:image/png;base64,…) or an http(s) URL.');
    return icon;
  }
  let url: URL;
  try {
    url = new URL(icon);
  } catch {
    throw new ApiError(400, 'The icon must be an http(s) URL or a data:image/… URL.');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || icon.length > MAX_URL_ICON || /\s/.test(icon)) {
    throw new ApiError(400, 'The icon must be an http(s) URL (at most 2048 characters) or a data:image/… URL.');
  }
  return icon;
}

function checkedName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name || name.length > 64 || /\p{Cc}/u.test(name)) throw new ApiError(400, 'A supplier name is 1–64 characters.');
  return name;
}

/** Suppliers (vendors) of models (admin). */
export function supplierRoutes(context: ManagementContext) {
  /** Answers a view function: each supplier with how many model records name it. */
  const viewer = async () => {
    const models = await context.store.models.list();
    return (supplier: SupplierRecord) => ({ ...supplier, models: models.filter((m) => m.supplier_id === supplier.id).length });
  };
  return [
    route({
      method: 'get',
      path: '/vendors',
      tag: 'suppliers',
      access: 'admin',
      summary: 'Suppliers (paged; `keyword` searches name and description)',
      query: Type.Object({ ...PageQuery, keyword: Type.Optional(Type.String()), status: Type.Optional(Type.Integer()) }),
      response: pageOf(SupplierViewSchema),
      handler: async ({ query }) => {
        const page = query.p ?? 1;
        const pageSize = query.page_size ?? 20;
        const keyword = (query.keyword ?? '').trim().toLowerCase();
        const matching = (await context.store.suppliers.list())
          .filter((s) => query.status === undefined || s.status === query.status)
          .filter((s) => !keyword || s.name.toLowerCase().includes(keyword) || s.description.toLowerCase().includes(keyword));
        return { items: matching.slice((page - 1) * pageSize, page * pageSize).map(await viewer()), total: matching.length, page, page_size: pageSize };
      },
    }),
    route({
      method: 'get',
      path: '/vendors/:id',
      tag: 'suppliers',
      access: 'admin',
      summary: 'One supplier',
      response: SupplierViewSchema,
      handler: async ({ params }) => {
        const supplier = await context.store.suppliers.get(Number(params.id));
        if (!supplier) throw new ApiError(404, `No supplier ${params.id}.`);
        return (await viewer())(supplier);
      },
    }),
    route({
      method: 'post',
      path: '/vendors',
      tag: 'suppliers',
      access: 'admin',
      summary: 'Create a supplier',
      body: Type.Object({ name: Type.String(), ...SupplierFields }),
      response: SupplierViewSchema,
      handler: async ({ body }) => {
        const name = checkedName(body.name);
        const created = await context.store.suppliers.create({
          name,
          description: (body.description ?? '').trim(),
          icon: checkedIcon(body.icon),
          status: body.status ?? SupplierStatus.enabled,
        });
        if (!created) throw new ApiError(409, `A supplier named ${name} exists already.`);
        return new Answer((await viewer())(created), `Supplier ${name} created.`);
      },
    }),
    route({
      method: 'put',
      path: '/vendors',
      tag: 'suppliers',
      access: 'admin',
      summary: 'Change a supplier (named by `id`; fields left out stay)',
      body: Type.Object({ id: Type.Integer(), name: Type.Optional(Type.String()), ...SupplierFields }),
      response: SupplierViewSchema,
      handler: async ({ body }) => {
        const name = body.name === undefined ? undefined : checkedName(body.name);
        const icon = body.icon === undefined ? undefined : checkedIcon(body.icon);
        const updated = await context.store.suppliers.update(body.id, {
          ...(name !== undefined && { name }),
          ...(body.description !== undefined && { description: body.description.trim() }),
          ...(icon !== undefined && { icon }),
          ...(body.status !== undefined && { status: body.status }),
        });
        if (updated === undefined) throw new ApiError(404, `No supplier ${body.id}.`);
        if (updated === null) throw new ApiError(409, `A supplier named ${name} exists already.`);
        return (await viewer())(updated);
      },
    }),
    route({
      method: 'delete',
      path: '/vendors/:id',
      tag: 'suppliers',
      access: 'admin',
      summary: 'Delete a supplier no model names',
      response: Nothing,
      handler: async ({ params }) => {
        const result = await context.store.suppliers.delete(Number(params.id));
        if (result.deleted) return new Answer(null, 'Supplier deleted.');
        if (result.reason === 'missing') throw new ApiError(404, `No supplier ${params.id}.`);
        throw new ApiError(409, `${result.models} model${result.models === 1 ? ' names' : 's name'} this supplier: change or delete ${result.models === 1 ? 'it' : 'them'} first.`);
      },
    }),
  ];
}
