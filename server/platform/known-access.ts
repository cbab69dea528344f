import type { AccessTokenClaims } from '../../core/contracts/auth.ts';
import type { SecurityPolicy, SysConfig } from '../../core/contracts/agency.ts';

/** A session's state as the access check reads it: the session, its user, their agency and what they hold. */
export interface SessionState {
  revoked_at: Date | null;
  not_after: Date;
  last_activity_at: Date;
  status: 'invited' | 'active' | 'disabled';
  account_type: AccessTokenClaims['app_metadata']['account_type'];
  sys_config: SysConfig;
  security_policy: SecurityPolicy;
  permissions: string[];
  roles: string[];
  has_verified_factor: boolean;
}

/**
 * What precinct_access_check answers (migration 0040): the agency's access version (null before the
 * agency's first session: nothing is kept then), and the state when it differs from the one the server
 * knew (`unchanged`: the fields are null, the known state holds).
 */
export type AccessCheckAnswer = { access_version: string | null } & ({ unchanged: true } | ({ unchanged: false } & SessionState));

/** "Nothing known": no access version equals it, so the database answers the whole state. */
export const NOTHING_KNOWN = '-1';

/** A session's state and the agency's access version it was read at. */
export interface KnownState {
  version: string;
  state: SessionState;
}

/**
 * Each session's access state as last read, with the agency's access version it was read at. While the
 * version is unchanged the database answers one word instead of the state (and the server parses no
 * configuration); any change to what the state is made of raises the version at its commit, so the next
 * request, on whichever server, reads it again. At most `limit` sessions, the earliest read first out;
 * the sessions of one agency read at the same version share its configuration objects.
 */
export class KnownAccess {
  private readonly states = new Map<string, KnownState>();
  private readonly configs = new Map<string, { version: string; sysConfig: SysConfig; securityPolicy: SecurityPolicy }>();

  private readonly limit: number;

  constructor(limit = 10_000) {
    this.limit = limit;
  }

  /** The state known for this session and the version it was read at, if any. */
  get(agencyId: string, sessionId: string, userId: string): KnownState | undefined {
    return this.states.get(keyOf(agencyId, sessionId, userId));
  }

  /**
   * Keeps what the database answered to a check sent with `known` (what `get` gave), and gives the state
   * that holds now (undefined: no such session).
   */
  take(
    agencyId: string,
    sessionId: string,
    userId: string,
    known: KnownState | undefined,
    answer: AccessCheckAnswer | undefined,
  ): SessionState | undefined {
    const key = keyOf(agencyId, sessionId, userId);
    if (!answer) {
      this.states.delete(key);
      return undefined;
    }
    if (answer.unchanged) {
      // The version the check was sent with is the agency's version still: that entry's state holds,
      // even if another request of the session has put a newer one in its place meanwhile.
      if (known?.version !== answer.access_version) throw new Error('The access check answered "unchanged" for a version it was not sent');
      return known.state;
    }
    const { access_version: version, unchanged: _, ...state } = answer;
    if (version === null) return state;
    const config = this.configs.get(agencyId);
    if (config?.version === version) {
      state.sys_config = config.sysConfig;
      state.security_policy = config.securityPolicy;
    } else this.configs.set(agencyId, { version, sysConfig: state.sys_config, securityPolicy: state.security_policy });
    this.states.delete(key);
    if (this.states.size >= this.limit) this.states.delete(this.states.keys().next().value!);
    this.states.set(key, { version, state });
    return state;
  }
}

function keyOf(agencyId: string, sessionId: string, userId: string) {
  return `${agencyId}/${sessionId}/${userId}`;
}
