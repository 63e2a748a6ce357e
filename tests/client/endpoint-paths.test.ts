// Paths built from the shared endpoints: each param is encoded exactly once.
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../src/shared/endpoint';
import { searchPosts } from '../../src/shared/endpoints/search';
import { termSegment } from '../../src/client/features/search/api/keys';

describe('endpoint paths', () => {
  it('encodes a search term with spaces and accents once', () => {
    expect(pathOf(searchPosts, { offset: 0, limit: 5, term: termSegment(' reanimación neonatal ') })).toBe(
      '/api/search/searchposts/0/5/reanimaci%C3%B3n%20neonatal',
    );
  });
  it('sends -1 for an empty term', () => {
    expect(pathOf(searchPosts, { offset: 0, limit: 5, term: termSegment('  ') })).toBe('/api/search/searchposts/0/5/-1');
  });
});
