// The process-local caches' map (src/server/lib/lru.ts): beyond its size it forgets the entry used
// least recently, where reading an entry counts as a use.
import { describe, expect, it } from 'vitest';
import { lru } from '../../src/server/lib/lru.js';

describe('lru', () => {
  it('forgets the least recently used entry beyond its size, a read counting as a use', () => {
    const cache = lru<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('replaces a value set again and deletes on request', () => {
    const cache = lru<string>(2);
    cache.set('a', 'old');
    cache.set('a', 'new');
    cache.set('b', 'b');
    expect(cache.get('a')).toBe('new');
    expect(cache.delete('a')).toBe(true);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('b');
  });
});
