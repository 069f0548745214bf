import { channelRoutes } from './channels.js';
import { clientSetupRoutes } from './client-setup.js';
import type { ManagementContext } from './context.js';
import { openapiRoutes } from './openapi.js';
import { optionRoutes } from './options.js';
import type { RouteSpec } from './route.js';
import { setupRoutes } from './setup.js';
import { statusRoutes } from './status.js';
import { tokenRoutes } from './tokens.js';
import { userRoutes } from './user.js';
import { fetchModelsRoutes } from './fetch-models.js';
import { channelSpeedTestRoutes } from './channel-speed-test.js';
import { groupRoutes } from './groups.js';
import { logRoutes } from './logs.js';
import { callBodyRoutes } from './call-bodies.js';
import { modelRoutes } from './models.js';
import { modelPriceImportRoutes } from './model-price-import.js';
import { statsRoutes } from './stats.js';
import { supplierRoutes } from './suppliers.js';
import { taskRoutes } from './tasks.js';
import { profileRoutes } from './profile.js';
import { registrationRoutes } from './registration.js';
import { userManageRoutes } from './user-manage.js';
import { adminUserRoutes } from './users-admin.js';
import { verificationRoutes } from './verification.js';
import { oauthRoutes } from './oauth.js';
import { twoFactorRoutes } from './two-factor.js';
import { passkeyRoutes } from './passkeys.js';
import { invitationRoutes } from './invitations.js';
import { redemptionRoutes } from './redemptions.js';
import { topUpRoutes } from './top-up.js';
import { paymentRoutes } from './payments.js';
import { pricingRoutes } from './pricing.js';

/** Every management route, one list: the router mounts it, the OpenAPI document describes it, the authorization test walks it. */
export function managementRoutes(context: ManagementContext): RouteSpec[] {
  const routes = [
    ...statusRoutes(context),
    ...setupRoutes(context),
    ...userRoutes(context),
    ...registrationRoutes(context),
    ...profileRoutes(context),
    ...userManageRoutes(context),
    ...verificationRoutes(context),
    ...oauthRoutes(context),
    ...twoFactorRoutes(context),
    ...passkeyRoutes(context),
    ...channelRoutes(context),
    ...tokenRoutes(context),
    ...optionRoutes(context),
    ...fetchModelsRoutes(context),
    ...channelSpeedTestRoutes(context),
    ...taskRoutes(context),
    ...logRoutes(context),
    ...callBodyRoutes(context),
    ...statsRoutes(context),
    ...groupRoutes(context),
    ...supplierRoutes(context),
    ...modelRoutes(context),
    ...modelPriceImportRoutes(context),
    ...clientSetupRoutes(context),
    ...redemptionRoutes(context),
    ...topUpRoutes(context),
    ...invitationRoutes(context),
    ...paymentRoutes(context),
    ...pricingRoutes(context),
    // Last: its /user/:id would otherwise catch the /user/<word> routes above.
    ...adminUserRoutes(context),
  ];
  return [...routes, ...openapiRoutes(context, () => routes)];
}
