import { Type } from '@sinclair/typebox';
import { pricingAnswer } from '../account-query-routes.js';
import { ApiError } from '../http/errors.js';
import { keyPricing } from '../pipeline/account-queries.js';
import { DEFAULT_GROUP, groupsUsableBy } from '../store/groups.js';
import type { ManagementContext } from './context.js';
import { route } from './route.js';
import { UnitCountsSchema } from './schemas.js';

// The console's pricing page: the models a signed-in user may call and what they cost at a
// group's ratio, computed as /v1/pricing computes them for a key (one place: keyPricing).

const PricingSchema = Type.Object({
  object: Type.Literal('list'),
  group: Type.String({ description: 'The group whose prices these are' }),
  group_ratio: Type.Number({ description: "The group's ratio, already applied to every price" }),
  unpriced_models: Type.Union([Type.Literal('free'), Type.Literal('reject')], { description: 'What a call of a model without a price does' }),
  groups: Type.Array(Type.Object({ name: Type.String(), ratio: Type.Number(), description: Type.String() }), { description: 'The groups the user may use (their own and every selectable one)' }),
  data: Type.Array(
    Type.Object({
      object: Type.Literal('model.pricing'),
      model: Type.String(),
      source: Type.Union([Type.Literal('model'), Type.Literal('default'), Type.Literal('none')], { description: "The model's own price, a built-in default, or none (unpriced)" }),
      prices: Type.Array(
        Type.Object({
          unit: Type.String({ description: 'input_token, cached_input_token, cache_write_input_token (5-minute cache writes, or writes of unsaid lifetime), cache_write_1h_input_token (1-hour cache writes; listed when the price sets a cache write ratio), output_token, request, search_unit, image, second or character' }),
          per: Type.Integer({ description: 'How many units the price is for (1 000 000 tokens or characters, 1 of the others)' }),
          quota: Type.Integer(),
          usd: Type.Number(),
        }),
      ),
      unit_prices: UnitCountsSchema('USD per one unit of each kind other than tokens, at the group ratio'),
      size_ratios: Type.Record(Type.String(), Type.Number(), { description: 'Multiplier of the unit prices by output size ("1792x1024")' }),
    }),
  ),
});

export function pricingRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/pricing',
      tag: 'model management',
      access: 'user',
      summary: "The models you may call and their prices for your group (or another group you may use), per unit kind, as /v1/pricing answers them for a key",
      query: Type.Object({ group: Type.Optional(Type.String({ maxLength: 64, description: 'A group you may use; default your own' })) }),
      response: PricingSchema,
      handler: async ({ query, user }) => {
        const usable = groupsUsableBy(await context.store.groups.list(), user);
        const group = query.group || user.group || DEFAULT_GROUP;
        if (!usable.some((g) => g.name === group)) throw new ApiError(403, `You may not use the group ${group}: pick your own group or a selectable one.`);
        const listing = pricingAnswer(keyPricing({ group, token: { model_limits: [] } }, context));
        return { ...listing, groups: usable.map((g) => ({ name: g.name, ratio: g.ratio, description: g.description })) };
      },
    }),
  ];
}
