// Query keys of site search, and the term as it travels in the path ('-1' for none).
export const searchKeys = { all: ['search'] as const };

export const termSegment = (term: string) => encodeURIComponent(term.trim() || '-1');
