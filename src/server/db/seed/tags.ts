import type { FastifyInstance } from 'fastify';

export const DEMO_TAGS = [
  'Airway', 'Anaphylaxis', 'Asthma', 'Cardiac', 'Cardiac Arrest', 'COPD', 'Deteriorating Patient', 'Obstetrics',
  'Paediatrics', 'Neonatal Resuscitation', 'Sepsis', 'Stroke', 'Trauma', 'Toxicology', 'ALS', 'BLS', 'Defibrillation',
  'Pacing', 'ECG Interpretation', 'Teamwork and Communication Skills',
];

export async function seedTags(app: FastifyInstance): Promise<void> {
  await app.db.insertInto('tags').values(DEMO_TAGS.map((title) => ({ title }))).execute();
}
