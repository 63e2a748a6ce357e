// Query keys of site search, and the term as it travels in the path ('-1' for none).
export const searchKeys = { all: ['search'] as const };

/** The term as a path param ('-1' for none); call() encodes it once. */
export const termSegment = (term: string) => term.trim() || '-1';

