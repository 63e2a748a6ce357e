// Demo data for an empty database (DESIGN section 4). Each feature adds its seeder to the list;
// seeders run in order, so later ones can use the demo users.
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD, DEMO_USERS, seedUsers } from './users.js';
import { seedTags } from './tags.js';
import { seedScenarios } from './scenarios.js';
import { seedMedia } from './media.js';
import { seedPosts } from './posts.js';
import { seedLicences } from './licences.js';
import { seedDebriefs } from './debriefs.js';
import { seedGroups } from './groups.js';
import { seedActivity } from './activity.js';
import { seedConversation } from './conversation.js';
import { seedExchange } from './exchange.js';

const seeders: ((app: FastifyInstance) => Promise<void>)[] = [
  seedUsers,
  seedTags,
  seedScenarios,
  seedExchange,
  seedMedia,
  seedPosts,
  seedLicences,
  seedDebriefs,
  seedGroups,
  seedConversation,
  seedActivity,
];

export async function seedDemoIfEmpty(app: FastifyInstance): Promise<boolean> {
  const any = await app.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  for (const seed of seeders) await seed(app);
  await app.jobs.drain();
  return true;
}

export function demoLoginsText(): string {
  return DEMO_USERS.map((u) => `  ${u.username.padEnd(12)} / ${DEMO_PASSWORD}   (${u.note})`).join('\n');
}
