/** SPEC §6: the one permission rule, read from the stored user data. */
import { hasAnyPermission, type Permission, routeRequirement } from '@operacoes/contract/permissions';
import { useSession } from './session';

export { hasAnyPermission, routeRequirement };

type Who = { permissions?: readonly string[]; super_admin?: 0 | 1 | boolean } | null | undefined;

/**
 * True when the user may see the module of a SPEC §2 route (empty requirement = always).
 * Super admins see every module (decision: SPEC §6 leaves super_admin's gating open).
 */
export function canSeeRoute(user: Who, path: string): boolean {
  if (user?.super_admin === 1 || user?.super_admin === true) return true;
  return hasAnyPermission(user?.permissions, routeRequirement(path));
}

/** True when the user holds any of the names (super admins pass every check, DESIGN §3). */
export function can(user: Who, required: readonly Permission[]): boolean {
  if (user?.super_admin === 1 || user?.super_admin === true) return true;
  return hasAnyPermission(user?.permissions, required);
}

export function useCan() {
  const { user } = useSession();
  return {
    user,
    isSuperAdmin: user?.super_admin === 1,
    can: (required: readonly Permission[]) => can(user, required),
    canSeeRoute: (path: string) => canSeeRoute(user, path),
  };
}
