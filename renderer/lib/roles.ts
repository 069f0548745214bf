// Who may see what: the relay's role levels, compared in one place.
import { Role, type UserView } from '../../relay/management/contract.js';

/** Administrators and the root user: everyone's usage and records, channels and settings. */
export function isAdmin(user: Pick<UserView, 'role'>): boolean {
  return user.role >= Role.admin;
}

/** The root user (the owner): the relay's settings and files on its own computer. */
export function isRoot(user: Pick<UserView, 'role'>): boolean {
  return user.role >= Role.root;
}
