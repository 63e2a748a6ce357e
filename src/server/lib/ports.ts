// What one server feature offers the others. A feature never imports another (eslint.config.js);
// the composition root (app.ts) builds each port from its own feature's repository and decorates
// the app with them (`app.ports`), and a feature's routes pass the ports its service needs.
//   - users: features/users/repository.ts
//   - groups: features/groups/access.ts (who may see and do what in a forum group)
import type { Selectable } from 'kysely';
import type { ForumGroupTable, OrganisationTable, UserTable } from '../db/types.js';
import type { GroupRef } from '../../shared/schemas/groups.js';

export type UserRow = Selectable<UserTable>;
export type OrganisationRow = Selectable<OrganisationTable>;
export type GroupRow = Selectable<ForumGroupTable>;

export interface UsersPort {
  byId(id: number): Promise<UserRow | undefined>;
  byUuid(uuid: string): Promise<UserRow | undefined>;
  /** By username or e-mail address, either case. */
  byLogin(login: string): Promise<UserRow | undefined>;
  byEmail(email: string): Promise<UserRow | undefined>;
  usernameTaken(username: string): Promise<boolean>;
  organisation(id: number | null): Promise<OrganisationRow | undefined>;
  organisationByCode(code: string): Promise<OrganisationRow | undefined>;
  update(id: number, values: Partial<Omit<UserRow, 'id'>>): Promise<unknown>;
  /** The one way to enable or disable a user: disabling ends every session of theirs. */
  setEnabled(id: number, enabled: boolean): Promise<void>;
}

export interface GroupViewer {
  id: number;
  role: number;
}

export interface GroupAccess {
  group: GroupRow;
  /** The viewer's member type, or null when not a member. */
  memberType: number | null;
  isMember: boolean;
  isOwner: boolean;
  isSiteAdmin: boolean;
  /** Creator, moderator or site admin. */
  isGroupAdmin: boolean;
  /** Creator or site admin: assigns moderators, deletes the group. */
  isOwnerOrSiteAdmin: boolean;
  /** Posts, members and pending items may be shown. */
  canSeeContent: boolean;
}

export interface ModerationEntry {
  groupId: number;
  actorId: number;
  action: string;
  targetUserId: number | null;
  detail?: string;
}

export interface GroupsPort {
  /** The viewer's access to a group, or null when there is no such group. */
  access(groupId: number, viewer: GroupViewer): Promise<GroupAccess | null>;
  /** May this viewer see this post of a group? */
  canSeePost(access: GroupAccess, post: { status: number; creator_id: number }, viewerId: number): boolean;
  /** Ids of the groups a user belongs to. */
  idsOf(userId: number): Promise<number[]>;
  /** Names of groups by id. */
  refs(ids: number[]): Promise<Map<number, GroupRef>>;
  /** The creator and moderators of a group. */
  adminIds(groupId: number): Promise<number[]>;
  logModeration(entry: ModerationEntry): Promise<void>;
  /** Members may open a scenario attached to a live post of their group that they can see. */
  canOpenScenarioThroughPost(scenarioId: number, userId: number): Promise<boolean>;
  /** Invites sent to an address before it had an account become the account's; how many. */
  claimInvites(userId: number, email: string): Promise<number>;
}

export interface Ports {
  users: UsersPort;
  groups: GroupsPort;
}
