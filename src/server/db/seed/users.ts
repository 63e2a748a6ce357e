import type { FastifyInstance } from 'fastify';
import { now } from '../connection.js';
import { uuid } from '../../lib/crypto.js';
import { hashPassword } from '../../features/auth/service.js';
import { Role } from '../../../shared/enums.js';

export const DEMO_PASSWORD = 'Community1';

export const DEMO_USERS = [
  { username: 'educator', first: 'Emma', last: 'Educator', role: Role.User, canProvision: 0, preRelease: 0, note: 'a plain user' },
  { username: 'admin', first: 'Adam', last: 'Admin', role: Role.User | Role.Admin, canProvision: 0, preRelease: 0, note: 'an admin' },
  { username: 'provisioner', first: 'Priya', last: 'Provisioner', role: Role.User, canProvision: 1, preRelease: 0, note: 'can claim licences (native app)' },
  { username: 'tester', first: 'Theo', last: 'Tester', role: Role.User | Role.Dev, canProvision: 0, preRelease: 1, note: 'sees pre-release builds' },
  { username: 'paramedic', first: 'Paul', last: 'Paramedic', role: Role.User, canProvision: 0, preRelease: 0, note: 'a second plain user' },
] as const;

export async function seedUsers(app: FastifyInstance): Promise<void> {
  const org = await app.db
    .insertInto('organisations')
    .values({ name: 'Canberra Simulation Centre', website: 'https://sim.example.org', organisation_code: 'CSC-2026' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    await app.db
      .insertInto('users')
      .values({
        uuid_id: uuid(),
        first_name: u.first,
        last_name: u.last,
        username: u.username,
        email: `${u.username}@community.example`,
        password_hash: hash,
        mobile_phone: null,
        role: u.role,
        enabled: 1,
        email_verified: 1,
        can_provision: u.canProvision,
        is_pre_release: u.preRelease,
        organisation_id: org.id,
        distributor_id: 1,
        last_login: null,
        created_at: now(),
      })
      .execute();
  }
}
