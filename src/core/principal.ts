import type { components } from '../../generated/api';

/** What an API key may do (the contract's ApiKeyRole): each operation's rule is in src/api-keys/permissions.ts. */
export type ApiKeyRole = components['schemas']['ApiKeyRole'];

/** Who a request acts for: the platform its API key belongs to, the user the key acts as, and what the key may do. */
export interface Principal {
  platformId: string;
  /** The user the API key acts as (the platform's admin). */
  userId: string;
  role: ApiKeyRole;
  /** The projects the key is limited to; absent when it is platform-wide. */
  projectIds?: readonly string[];
  /** The API key of the request; absent for the command line and the demo data, which act as the platform's admin. */
  keyId?: string;
  /** When the request's API key expires (RFC 3339); absent when it does not, and for the command line. */
  expiresAt?: string;
}

/** The platform's admin without a key: what the command line and the demo data act as. */
export function platformAdmin(platformId: string, userId: string): Principal {
  return { platformId, userId, role: 'ADMIN' };
}

/** False when the principal's key is limited to projects and this is not one of them. */
export function mayReachProject(principal: Principal, projectId: string): boolean {
  return principal.projectIds === undefined || principal.projectIds.includes(projectId);
}
