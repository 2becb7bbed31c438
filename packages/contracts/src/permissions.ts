import type { Role } from './roles.ts';

/** SPEC 6: the only permissions a student may hold. */
export const STUDENT_PERMISSIONS = [
  'view:dashboard',
  'view:courses',
  'view:questions',
  'view:exercises',
  'view:progression',
] as const;

const TRAINER_FORBIDDEN_PREFIXES = ['admin:', 'reset:'];
const TRAINER_ALLOWED_PREFIXES = ['view:', 'edit:courses', 'edit:questions', 'manage:'];

function isTrainerPermission(permission: string): boolean {
  if (TRAINER_FORBIDDEN_PREFIXES.some((prefix) => permission.startsWith(prefix))) return false;
  return TRAINER_ALLOWED_PREFIXES.some((prefix) => permission.startsWith(prefix));
}

/**
 * The SPEC 6 permission gate: one function the server enforces and the web uses to hide controls.
 * Every requested permission must be allowed; an empty request is allowed to any signed-in role.
 */
export function hasPermission(role: Role | null | undefined, permissions: readonly string[]): boolean {
  if (!role) return false;
  if (role === 'admin') return true;
  if (role === 'trainer') return permissions.every(isTrainerPermission);
  return permissions.every((permission) => (STUDENT_PERMISSIONS as readonly string[]).includes(permission));
}

/** Route guards (SPEC 6): admin passes every guard. */
export function canEnterSpace(role: Role | null | undefined, allowed: readonly Role[]): boolean {
  if (!role) return false;
  return role === 'admin' || allowed.includes(role);
}
