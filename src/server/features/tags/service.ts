// Tags are read by every signed-in user (the route requires a session); only the seed writes them.
import type { Tag } from '../../../shared/schemas/common.js';
import type { TagsRepository } from './repository.js';

export function tagsService(repo: TagsRepository) {
  return {
    all: (): Promise<Tag[]> => repo.all(),
  };
}
