import type { DB } from '../../db/connection.js';

export function tagsRepository(db: DB) {
  return {
    all: () => db.selectFrom('tags').select(['id', 'title']).orderBy('title').execute(),
  };
}
export type TagsRepository = ReturnType<typeof tagsRepository>;
