// Every page of the signed-in console. To add one: a line here, nothing else — the
// navigation, the router and the access check all read this list.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Role, type StatusData, type UserView } from '../../relay/management/contract.js';

/** What every page is given. Pages may ignore it. */
export interface PageProps {
  user: UserView;
  status: StatusData;
}

export type Access = 'user' | 'admin' | 'root';

export interface PageEntry {
  path: string;
  /** Its name: a key of the common catalogue (renderer/i18n/<language>/common.json). */
  title: `nav.${string}`;
  /** An icon name from `components/Icon.tsx`. */
  icon?: string;
  access: Access;
  component: LazyExoticComponent<ComponentType<PageProps>>;
}

export const pages: PageEntry[] = [
  { path: '/', title: 'nav.overview', icon: 'home', access: 'user', component: lazy(() => import('./OverviewPage.js')) },
  { path: '/dashboard', title: 'nav.dashboard', icon: 'chart', access: 'user', component: lazy(() => import('./dashboard/DashboardPage.js')) },
  { path: '/playground', title: 'nav.playground', icon: 'chat', access: 'user', component: lazy(() => import('./playground/PlaygroundPage.js')) },
  { path: '/keys', title: 'nav.keys', icon: 'key', access: 'user', component: lazy(() => import('./KeysPage.js')) },
  { path: '/wallet', title: 'nav.wallet', icon: 'wallet', access: 'user', component: lazy(() => import('./money/WalletPage.js')) },
  { path: '/pricing', title: 'nav.pricing', icon: 'tag', access: 'user', component: lazy(() => import('./money/PricingPage.js')) },
  { path: '/users', title: 'nav.users', icon: 'user', access: 'admin', component: lazy(() => import('./admin/UsersPage.js')) },
  { path: '/channels', title: 'nav.channels', icon: 'plug', access: 'admin', component: lazy(() => import('./ChannelsPage.js')) },
  { path: '/models', title: 'nav.models', icon: 'list', access: 'admin', component: lazy(() => import('./admin/ModelsPage.js')) },
  { path: '/groups', title: 'nav.groups', icon: 'list', access: 'admin', component: lazy(() => import('./admin/GroupsPage.js')) },
  { path: '/redemptions', title: 'nav.redemptions', icon: 'tag', access: 'admin', component: lazy(() => import('./money/RedemptionsPage.js')) },
  { path: '/topups', title: 'nav.topups', icon: 'wallet', access: 'admin', component: lazy(() => import('./money/TopUpsPage.js')) },
  { path: '/suppliers', title: 'nav.suppliers', icon: 'list', access: 'admin', component: lazy(() => import('./admin/SuppliersPage.js')) },
  { path: '/tasks', title: 'nav.tasks', icon: 'list', access: 'admin', component: lazy(() => import('./admin/TasksPage.js')) },
  { path: '/logs', title: 'nav.logs', icon: 'list', access: 'user', component: lazy(() => import('./logs/LogsPage.js')) },
  { path: '/settings', title: 'nav.settings', icon: 'settings', access: 'root', component: lazy(() => import('./SettingsPage.js')) },
  { path: '/profile', title: 'nav.profile', icon: 'user', access: 'user', component: lazy(() => import('./ProfilePage.js')) },
];

const ROLE_FOR: Record<Access, number> = { user: Role.common, admin: Role.admin, root: Role.root };

export function canSee(entry: PageEntry, user: UserView): boolean {
  return user.role >= ROLE_FOR[entry.access];
}
